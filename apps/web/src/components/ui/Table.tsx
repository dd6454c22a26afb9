import type { ReactNode } from 'react';
import { pulse } from './Skeleton';

export interface TableProps {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
}

/** A responsive data table: scrolls sideways on narrow screens instead of squeezing its columns. */
export function Table({ caption, headers, children }: TableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[40rem] text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-xs font-semibold tracking-wide text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

/** A body row that highlights under the pointer. */
export const rowClass = 'hover:bg-slate-50 dark:hover:bg-slate-800/50';

export const cellClass = 'px-4 py-3 align-middle text-slate-800 dark:text-slate-200';

export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-8 text-center text-slate-600 dark:text-slate-300">
        {text}
      </td>
    </tr>
  );
}

/** Table body placeholder: `rows` rows of `columns` cells (here rather than in Skeleton.tsx, which the home page loads first). */
export function TableSkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="px-4 py-3">
              <div className={`${pulse} h-4 w-full`} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
