import type { SearchQuery } from '@jobboard/shared';
import { MapPin, Search } from '../../../components/ui/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * The search is a GET form (the hero's boxes, the sidebar's choices, the order and the pager belong to it): it works
 * before the app's scripts have run and without them, and a crawler can follow it.
 */
export const SEARCH_FORM = 'home-search';

const iconClass = 'pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-slate-500';
// White in both themes, so the browser's own parts of the box (its clear button) are drawn for a light one.
const boxClass =
  'w-full rounded-xl border-0 bg-white py-3 ps-10 pe-3 text-slate-900 placeholder:text-sm placeholder:text-slate-500 shadow [color-scheme:light] focus:outline-none focus:ring-4 focus:ring-amber-200';

const completions = () => import('./SearchCompletions');
const WhatCompletions = lazy(() => completions().then((m) => ({ default: m.WhatCompletions })));
const WhereCompletions = lazy(() => completions().then((m) => ({ default: m.WhereCompletions })));

interface SearchBoxProps {
  id: string;
  /** The URL parameter the box submits. */
  name: 'q' | 'where';
  label: string;
  icon: ReactNode;
  value: string;
  placeholder: string;
  onChange: (text: string) => void;
  /** A completion was picked: search with it now. */
  onPick: (text: string) => void;
  /** Which completions; undefined until they are wanted (their code loads then). */
  completions: typeof WhatCompletions | undefined;
  onWanted: () => void;
}

/**
 * One of the hero's boxes: a combobox whose completions (SearchCompletions) load on first focus or pointing,
 * so the first visit does not download them. The input is always this one element.
 */
function SearchBox({
  id,
  name,
  label,
  icon,
  value,
  placeholder,
  onChange,
  onPick,
  completions: Completions,
  onWanted,
}: SearchBoxProps) {
  const [open, setOpen] = useState(false);
  const [aria, setAria] = useState<{ expanded: boolean; activeId: string | undefined }>({
    expanded: false,
    activeId: undefined,
  });
  const keysRef = useRef<((event: KeyboardEvent<HTMLInputElement>) => boolean) | undefined>(undefined);
  const attached = useRef(false);
  // The completions are loaded and shown.
  const wanted = () => {
    onWanted();
    setOpen(true);
  };
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {icon}
      <input
        id={id}
        name={name}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={aria.expanded}
        aria-controls={Completions ? `${id}-listbox` : undefined}
        aria-activedescendant={aria.activeId}
        // In the server's HTML before the app's scripts run: text typed meanwhile is taken over once they do, and
        // a box typed into or focused meanwhile shows its completions. Only when React first takes the box.
        ref={(input) => {
          if (!input || attached.current) return;
          attached.current = true;
          const typed = input.value;
          if (typed !== value) onChange(typed);
          if (typed !== value || document.activeElement === input) wanted();
        }}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onFocus={wanted}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (keysRef.current?.(event)) event.preventDefault();
        }}
        placeholder={placeholder}
        className={boxClass}
      />
      {Completions ? (
        <Suspense fallback={null}>
          <Completions
            inputId={id}
            text={value}
            open={open}
            onPick={(text) => {
              setOpen(false);
              onPick(text);
            }}
            onClose={() => setOpen(false)}
            keysRef={keysRef}
            onAria={setAria}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

interface SearchHeroProps {
  query: SearchQuery;
  text: string;
  setText: (text: string) => void;
  where: string;
  setWhere: (text: string) => void;
  update: (patch: Partial<SearchQuery>) => void;
}

/** The hero: the page's heading and the search form, What and Where with their completions. */
export function SearchHero({ query, text, setText, where, setWhere, update }: SearchHeroProps) {
  // The boxes' completions load once wanted (focus, or the pointer over the search form).
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const { t } = useLingui();
  const searchNow = (patch: { q?: string; where?: string }) => {
    const q = (patch.q ?? text).trim();
    const at = (patch.where ?? where).trim();
    // A radius is measured from the place it was chosen for: another place starts without one.
    const samePlace = (at || undefined) === query.where;
    update({
      q: q || undefined,
      where: at || undefined,
      ...(samePlace ? {} : { radius: undefined, withRemote: undefined }),
    });
  };
  return (
    <section className="relative rounded-3xl bg-gradient-to-br from-teal-800 via-teal-700 to-cyan-800 px-5 py-10 text-white shadow-lg sm:px-10 sm:py-14">
      <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">
        <Trans>
          Find your <span className="text-amber-200">new job</span> today
        </Trans>
      </h1>
      <p className="mt-3 max-w-xl text-teal-50 sm:text-lg">
        <Trans>Thousands of jobs in technology, design and more are waiting for you.</Trans>
      </p>
      <form
        id={SEARCH_FORM}
        role="search"
        // Without JavaScript (or before it runs) the browser submits the boxes to the home page's address.
        action="/"
        method="get"
        // The What box's placeholder (the spec's question) is the longer: it gets the wider column.
        className="mt-6 grid max-w-3xl gap-2 sm:grid-cols-[3fr_2fr_auto]"
        onPointerEnter={want}
        onSubmit={(event) => {
          event.preventDefault();
          searchNow({});
        }}
      >
        {/* The chosen order, kept by a new search and by the pager's plain requests. */}
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <SearchBox
          id="job-search"
          name="q"
          label={t`What: job title, company, skill or words`}
          icon={<Search className={iconClass} size={18} aria-hidden="true" />}
          value={text}
          placeholder={t`What position are you looking for?`}
          onChange={setText}
          onPick={(picked) => {
            setText(picked);
            searchNow({ q: picked });
          }}
          completions={wanted ? WhatCompletions : undefined}
          onWanted={want}
        />
        <SearchBox
          id="job-where"
          name="where"
          label={t`Where: city, country or remote`}
          icon={<MapPin className={iconClass} size={18} aria-hidden="true" />}
          value={where}
          placeholder={t`City, country or remote`}
          onChange={setWhere}
          onPick={(picked) => {
            setWhere(picked);
            searchNow({ where: picked });
          }}
          completions={wanted ? WhereCompletions : undefined}
          onWanted={want}
        />
        <button
          type="submit"
          className="rounded-xl bg-slate-900 px-6 py-3 font-semibold text-white hover:bg-slate-800 focus-visible:outline-white"
        >
          <Trans>Search</Trans>
        </button>
      </form>
    </section>
  );
}
