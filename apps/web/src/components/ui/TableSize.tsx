import { Trans } from '@lingui/react/macro';
import { TABLE_PAGE_SIZES } from '@jobboard/shared';
import { useId } from 'react';

interface TableSizeProps {
  /** The table's total in words ("12 applications", a plural of the caller's), when known. */
  total: string | undefined;
  pageSize: number;
  onPageSize: (size: number) => void;
}

/** Above a paged table: its total ("12 applications") and the rows per page (4, the spec's, 10 or 25). */
export function TableSize({ total, pageSize, onPageSize }: TableSizeProps) {
  const id = useId();
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700 dark:text-slate-300">
      <p className="font-medium" data-testid="table-total">
        {total ?? ''}
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor={id}>
          <Trans>Rows per page</Trans>
        </label>
        <select
          id={id}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        >
          {TABLE_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
