import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { Button } from '../../../components/ui/Button';
import { Pagination } from '../../../components/ui/Pagination';

/** The console lists' search form and pages: GET forms of the page's own address, so the URL holds the list. */

export function SearchForm({
  action,
  q,
  placeholder,
  children,
}: {
  action: string;
  q: string;
  placeholder: string;
  children?: ReactNode;
}) {
  return (
    <form method="get" action={action} role="search" className="mb-5 flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="console-q" className={labelClass}>
          <Trans>Search</Trans>
        </label>
        <input
          id="console-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={placeholder}
          maxLength={200}
          className={`${inputClass} w-full`}
        />
      </div>
      {children}
      <Button type="submit" variant="secondary" className="min-h-11">
        <Trans>Search</Trans>
      </Button>
    </form>
  );
}

export function Pages({
  page,
  total,
  pageSize,
  setPage,
  label,
}: {
  page: number;
  total: number;
  pageSize: number;
  setPage: (page: number) => void;
  label: string;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      hasPrevious={page > 1}
      hasNext={page < pageCount}
      onPrevious={() => setPage(page - 1)}
      onNext={() => setPage(page + 1)}
      label={label}
    />
  );
}
