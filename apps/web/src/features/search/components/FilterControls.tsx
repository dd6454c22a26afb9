import { Trans } from '@lingui/react/macro';
import { Link } from '../../../components/ui/Link';
import { countLabel } from '../../../lib/format';

/* The filter sidebar's controls: radio groups with counts, and facet values as links. */

/** '~1.2K' on screen, 'about 1.2K' to a screen reader. */
export function EstimatedText({ text, estimated }: { text: string; estimated: boolean | undefined }) {
  if (!estimated) return text;
  return (
    <>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">
        {' '}
        <Trans>about {text.slice(1)}</Trans>
      </span>
    </>
  );
}

export function Count({ value, estimated = false }: { value: number | undefined; estimated?: boolean | undefined }) {
  const text = countLabel(value, estimated);
  if (text === undefined) return null;
  return (
    <span className="ms-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-200">
      <EstimatedText text={text} estimated={estimated} />
    </span>
  );
}

export const radioRowClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
export const legendClass = 'mb-2 text-base font-semibold text-slate-900 dark:text-white';
export const linkRowClass = `${radioRowClass} aria-[current=true]:bg-teal-50 aria-[current=true]:font-semibold aria-[current=true]:text-teal-900 dark:aria-[current=true]:bg-teal-950 dark:aria-[current=true]:text-teal-100`;

export interface RadioGroupProps {
  name: string;
  title: string;
  allLabel: string;
  /** `asWritten`: a name from the data (a place), isolated as such rather than translated. */
  options: readonly { value: string; label: string; asWritten?: boolean }[];
  current: string | undefined;
  counts?: Record<string, number> | undefined;
  estimated?: boolean | undefined;
  onPick: (value: string | undefined) => void;
  form?: string | undefined;
  /** A group inside a larger one (Pay's). */
  small?: boolean;
}

export function RadioGroup({
  name,
  title,
  allLabel,
  options,
  current,
  counts,
  estimated,
  onPick,
  form,
  small,
}: RadioGroupProps) {
  return (
    <fieldset>
      <legend className={small ? 'mb-1 text-sm font-semibold text-slate-700 dark:text-slate-300' : legendClass}>
        {title}
      </legend>
      <div className="space-y-0.5">
        {[{ value: undefined, label: allLabel, asWritten: false }, ...options].map((option) => (
          <label key={option.value ?? ''} className={radioRowClass}>
            <input
              type="radio"
              name={name}
              form={form}
              value={option.value ?? ''}
              checked={current === option.value}
              onChange={() => onPick(option.value)}
              className="h-4 w-4 accent-teal-700"
            />
            {option.asWritten ? <bdi>{option.label}</bdi> : <span>{option.label}</span>}
            {option.value ? <Count value={counts?.[option.value]} estimated={estimated} /> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface LinkItem {
  key: string;
  label: string;
  count?: number;
  active: boolean;
  href: string;
  /** A name from the data (a skill as posters wrote it), isolated as such rather than translated. */
  asWritten?: boolean;
}

/** Facet values as links (they change with the results, so they are not a fixed radio group). */
export function LinkGroup({
  id,
  title,
  items,
  estimated,
}: {
  id: string;
  title: string;
  items: LinkItem[];
  estimated?: boolean | undefined;
}) {
  if (items.length < 2) return null;
  return (
    <nav aria-labelledby={id}>
      <h3 id={id} className={legendClass}>
        {title}
      </h3>
      <ul className="space-y-0.5">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.href} aria-current={item.active ? 'true' : undefined} className={linkRowClass}>
              {item.asWritten ? <bdi>{item.label}</bdi> : <span>{item.label}</span>}
              <Count value={item.count} estimated={estimated} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
