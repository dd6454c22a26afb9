import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { PlaceSuggestion } from '@jobboard/shared';
import { useSearchSuggestions, useWherePlaceSuggestions } from '../../../lib/suggestions';

/**
 * The home page's completions, loaded when a search box is first focused or pointed at (the first visit's
 * JavaScript stays under budget). The box's <input> belongs to SearchBox and stays the same element; this
 * renders its listbox and takes its arrow, Enter and Escape keys (WAI-ARIA combobox with list autocomplete:
 * focus stays in the input, the highlighted option is aria-activedescendant).
 */
export interface CompletionsProps {
  /** The input's id; the listbox is `${inputId}-listbox` and its options `${inputId}-option-N`. */
  inputId: string;
  text: string;
  /** Whether the list may show: the input has focus and nothing closed it since. */
  open: boolean;
  onPick: (text: string) => void;
  onClose: () => void;
  /** SearchBox's keydown goes here once loaded; true when the key was used. */
  keysRef: { current: ((event: KeyboardEvent<HTMLInputElement>) => boolean) | undefined };
  /** What the input's aria attributes say. */
  onAria: (aria: { expanded: boolean; activeId: string | undefined }) => void;
}

interface Option {
  key: string;
  label: string;
  hint: string;
}

const KIND_LABELS = { title: msg`Job title`, skill: msg`Skill`, company: msg`Company` } as const;

function CompletionList({
  inputId,
  open,
  options,
  onPick,
  onClose,
  keysRef,
  onAria,
}: Omit<CompletionsProps, 'text'> & { options: Option[] }) {
  const { t } = useLingui();
  const [active, setActive] = useState(-1);
  const [shown, setShown] = useState(options);
  // New options: nothing highlighted (Enter then takes the typed text).
  if (shown !== options) {
    setShown(options);
    setActive(-1);
  }
  const expanded = open && options.length > 0;
  const activeId = expanded && active >= 0 ? `${inputId}-option-${active}` : undefined;
  useEffect(() => onAria({ expanded, activeId }), [expanded, activeId, onAria]);

  useEffect(() => {
    keysRef.current = (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (options.length === 0) return false;
        const last = options.length - 1;
        setActive((current) =>
          event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
        );
        return true;
      }
      if (event.key === 'Escape' && expanded) {
        onClose();
        return true;
      }
      const picked = active >= 0 ? options[active] : undefined;
      if (event.key === 'Enter' && expanded && picked) {
        onPick(picked.label);
        return true;
      }
      return false;
    };
    return () => {
      keysRef.current = undefined;
    };
  });

  return (
    <ul
      id={`${inputId}-listbox`}
      role="listbox"
      aria-label={t`Suggestions`}
      hidden={!expanded}
      className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {options.map((option, index) => (
        <li
          key={option.key}
          id={`${inputId}-option-${index}`}
          role="option"
          aria-selected={index === active}
          // Keep focus in the input: the click picks, the blur does not close the list first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option.label)}
          onMouseMove={() => {
            if (active !== index) setActive(index);
          }}
          className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 ${
            index === active
              ? 'bg-teal-50 text-teal-900 dark:bg-teal-900 dark:text-white'
              : 'text-slate-800 dark:text-slate-100'
          }`}
        >
          <span>{option.label}</span>
          <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">{option.hint}</span>
        </li>
      ))}
    </ul>
  );
}

/** "What": titles, skills and companies of open jobs (GET /api/job/suggest), from two letters on. */
export function WhatCompletions(props: CompletionsProps) {
  const long = props.text.trim().length >= 2;
  const { data } = useSearchSuggestions(props.text, props.open);
  const { i18n } = useLingui();
  const options = useMemo(
    () =>
      (long ? (data ?? []) : []).map((s) => ({
        key: `${s.kind}:${s.value}`,
        label: s.label,
        hint: `${i18n._(KIND_LABELS[s.kind])} · ${i18n.number(s.count)}`,
      })),
    [data, long, i18n],
  );
  return <CompletionList {...props} options={options} />;
}

/**
 * The where box's options from the places answer: a country as its name, a city as "City, Country". The search
 * reads a city and its country only, so places of one name in one country are one option (three Germantowns in
 * the United States), its region shown only when it is the one place of that label.
 */
export function whereOptions(i18n: I18n, places: PlaceSuggestion[]): Option[] {
  const byLabel = new Map<string, { option: Option; count: number }>();
  for (const place of places) {
    const label = place.city ? `${place.city}, ${place.countryName}` : place.countryName;
    const seen = byLabel.get(label);
    if (seen) seen.count += 1;
    else
      byLabel.set(label, {
        option: { key: `place:${label}`, label, hint: place.city ? place.region : i18n._(msg`Country`) },
        count: 1,
      });
  }
  return [...byLabel.values()].map(({ option, count }) => (count > 1 ? { ...option, hint: '' } : option));
}

/** "Where": remote, the countries and the world's cities from two letters on (GET /api/places?countries=first). */
export function WhereCompletions(props: CompletionsProps) {
  const typed = props.text.trim().toLowerCase();
  const { data } = useWherePlaceSuggestions(props.text, props.open);
  const { i18n } = useLingui();
  const options = useMemo(() => {
    const remote =
      typed && 'remote'.startsWith(typed)
        ? // The label is what the where box then holds, a word the search reads in every language.
          // eslint-disable-next-line lingui/no-unlocalized-strings
          [{ key: 'remote', label: 'Remote', hint: i18n._(msg`Work from anywhere`) }]
        : [];
    return [...remote, ...(typed.length >= 2 ? whereOptions(i18n, data ?? []) : [])];
  }, [data, typed, i18n]);
  return <CompletionList {...props} options={options} />;
}
