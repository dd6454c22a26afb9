import { useLingui } from '@lingui/react/macro';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { inputClass } from './Field';

export interface ComboboxOption {
  key: string;
  label: string;
  /** Smaller text after the label (a region, a count). */
  hint?: string;
}

export interface ComboboxProps {
  id: string;
  value: string;
  onValueChange: (text: string) => void;
  options: readonly ComboboxOption[];
  onPick: (option: ComboboxOption) => void;
  /** Enter with no option highlighted: take the typed text as it is (a new skill, a city not in the list). */
  onEnter?: (text: string) => void;
  /** Shown in the list while suggestions load, or when there are none. */
  status?: string | undefined;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  className?: string;
  /** Chips or other content shown before the input, inside the same box. */
  before?: ReactNode;
  onBackspaceEmpty?: () => void;
}

const popupClass =
  'absolute z-30 mt-1 w-full rounded-lg border border-slate-200 bg-white text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900';

/** The list's state and its keys: which option is highlighted, whether the list is open. */
function useComboboxKeys(
  props: ComboboxProps,
  options: readonly ComboboxOption[],
  showListWhenOpen: (open: boolean) => boolean,
) {
  const { value, onPick, onEnter, onBackspaceEmpty } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const showList = showListWhenOpen(open);
  const activeOption = showList && active >= 0 ? options[active] : undefined;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  // The list closes on a pick (it would cover what comes next); typing or an arrow key opens it again.
  const pick = (option: ComboboxOption) => {
    onPick(option);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const last = options.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      );
    } else if (event.key === 'Escape') {
      if (!showList) return;
      event.preventDefault();
      close();
    } else if (event.key === 'Enter') {
      if (activeOption) {
        event.preventDefault();
        pick(activeOption);
      } else if (onEnter) {
        // The typed text, not a form submit.
        event.preventDefault();
        onEnter(value);
        setOpen(false);
      }
    } else if (event.key === 'Backspace' && value === '' && onBackspaceEmpty) onBackspaceEmpty();
  };
  return { open, setOpen, active, setActive, close, showList, activeOption, pick, onKeyDown };
}

interface ListProps {
  listId: string;
  optionId: string;
  options: readonly ComboboxOption[];
  active: number;
  hidden: boolean;
  onActive: (index: number) => void;
  onPick: (option: ComboboxOption) => void;
}

function ComboboxList({ listId, optionId, options, active, hidden, onActive, onPick }: ListProps) {
  const { t } = useLingui();
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={t`Suggestions`}
      hidden={hidden}
      className={`${popupClass} max-h-64 overflow-auto py-1`}
    >
      {options.map((option, index) => (
        <li
          key={option.key}
          id={`${optionId}-${index}`}
          role="option"
          aria-selected={index === active}
          // Keep focus in the input: the click picks, the blur does not close the list first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option)}
          // Moved over, not merely appeared under a resting pointer: Enter after typing must take the text.
          onMouseMove={() => {
            if (active !== index) onActive(index);
          }}
          className={`cursor-pointer px-3 py-2 ${
            index === active
              ? 'bg-teal-50 text-teal-900 dark:bg-teal-900 dark:text-white'
              : 'text-slate-800 dark:text-slate-100'
          }`}
        >
          {option.label}
          {option.hint ? <span className="ms-2 text-xs text-slate-600 dark:text-slate-300">{option.hint}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A text input with a list of suggestions, following the WAI-ARIA combobox pattern (list autocomplete): the
 * input keeps focus, arrows move through the options (aria-activedescendant), Enter picks the highlighted one
 * or takes the typed text, Escape closes the list. Options are picked with the pointer without losing focus.
 * The label is the caller's <label htmlFor={id}>.
 */
export function Combobox(props: ComboboxProps) {
  const {
    id,
    value,
    onValueChange,
    options,
    status,
    placeholder,
    maxLength,
    disabled,
    invalid,
    describedBy,
    className = '',
    before,
  } = props;
  const listId = `${id}-listbox`;
  const optionId = useId();
  const list = useComboboxKeys(props, options, (open) => open && !disabled && (options.length > 0 || Boolean(status)));
  const { showList, active, activeOption } = list;

  return (
    <div className={`relative ${className}`}>
      <div
        className={`${inputClass} flex flex-wrap items-center gap-1.5 focus-within:border-teal-600 focus-within:ring-2 focus-within:ring-teal-600/30 ${invalid ? 'border-red-600' : ''} ${disabled ? 'opacity-70' : ''}`}
      >
        {before}
        <input
          id={id}
          name={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${optionId}-${active}` : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          disabled={disabled}
          onChange={(event) => {
            onValueChange(event.target.value);
            list.setOpen(true);
            list.setActive(-1);
          }}
          onFocus={() => list.setOpen(true)}
          onBlur={list.close}
          onKeyDown={list.onKeyDown}
          className="min-w-[8rem] flex-1 border-0 bg-transparent p-0.5 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-0 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
      </div>
      <ComboboxList
        listId={listId}
        optionId={optionId}
        options={options}
        active={active}
        hidden={!showList || options.length === 0}
        onActive={list.setActive}
        onPick={list.pick}
      />
      {showList && options.length === 0 && status ? (
        <p className={`${popupClass} px-3 py-2 text-slate-600 dark:text-slate-300`}>{status}</p>
      ) : null}
    </div>
  );
}
