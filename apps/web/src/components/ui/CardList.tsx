import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { pulse } from './Skeleton';

/**
 * The narrow layout of the table screens (My Jobs, Applied Jobs, Responses under 600 px): one card per row, the
 * column names as labels, the actions as 44 px targets. The pages render the same cell components in a row of
 * their table and in a card, so whatever a cell shows shows in both.
 */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {children}
    </ul>
  );
}

export const cardClass =
  'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** The card's heading line: the row's number (as the table's NO. column) and its title. */
export function CardHeading({
  number,
  numberLabel,
  children,
}: {
  number?: number;
  numberLabel?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="flex items-baseline gap-2">
      {number === undefined ? null : (
        <span className="shrink-0 text-xs font-semibold tracking-wide text-slate-600 dark:text-slate-300">
          {numberLabel ?? t`NO.`} {number}
        </span>
      )}
      <h2 className="min-w-0 wrap-anywhere text-base font-semibold text-slate-900 dark:text-white">{children}</h2>
    </div>
  );
}

/** The labelled values of a card: a description list, term above definition. */
export function CardFields({ children }: { children: ReactNode }) {
  return <dl className="mt-3 grid grid-cols-1 gap-3 text-sm min-[360px]:grid-cols-2">{children}</dl>;
}

export function CardField({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'min-[360px]:col-span-2' : ''}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-0.5 wrap-anywhere text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}

/** The card's buttons, each at least 44 px high, side by side when they fit. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className="mt-4 flex flex-wrap gap-2 [&>*]:min-h-11 [&>*]:flex-1 [&>*]:basis-[8rem]">{children}</div>;
}

/** A card in place of the table's single empty row. */
export function CardEmpty({ text }: { text: string }) {
  return (
    <p className="rounded-2xl border border-slate-200 bg-white px-4 py-8 text-center text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      {text}
    </p>
  );
}

/** Placeholder cards while a list loads (the table's skeleton rows, narrow). */
export function CardSkeletons({ count }: { count: number }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label={t`Loading`}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} data-testid="skeleton-card" className={`${cardClass} space-y-3`}>
          <div className={`${pulse} h-4 w-2/3`} />
          <div className={`${pulse} h-3 w-full`} />
          <div className={`${pulse} h-3 w-1/2`} />
          <div className={`${pulse} h-11 w-full`} />
        </div>
      ))}
    </div>
  );
}
