import type { Application } from '@jobboard/shared';
import { MESSAGES, TABLE_PAGE_SIZE } from '@jobboard/shared';
import { useState, type ReactNode } from 'react';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { EmptyRow, Table } from '../../../components/ui/Table';
import { clampPage, hasNextPage, hasPreviousPage, pageCount, pageSlice } from '../../../lib/paging';

export interface ApplicationsTableProps {
  caption: string;
  headers: readonly string[];
  items: readonly Application[] | undefined;
  loading: boolean;
  renderRow: (application: Application, number: number) => ReactNode;
}

/** 4 rows a page with Previous/Next disabled at the edges (Applied Jobs and Responses). */
export function ApplicationsTable({ caption, headers, items, loading, renderRow }: ApplicationsTableProps) {
  const [page, setPage] = useState(1);
  if (loading) return <Spinner />;
  const list = items ?? [];
  const current = clampPage(page, list.length, TABLE_PAGE_SIZE);
  const rows = pageSlice(list, current, TABLE_PAGE_SIZE);
  return (
    <>
      <Table caption={caption} headers={headers}>
        {rows.length === 0 ? (
          <EmptyRow columns={headers.length} text={MESSAGES.noDataFound} />
        ) : (
          rows.map((application, index) => renderRow(application, (current - 1) * TABLE_PAGE_SIZE + index + 1))
        )}
      </Table>
      <Pagination
        page={current}
        pageCount={pageCount(list.length, TABLE_PAGE_SIZE)}
        hasPrevious={hasPreviousPage(current)}
        hasNext={hasNextPage(current, list.length, TABLE_PAGE_SIZE)}
        onPrevious={() => setPage(current - 1)}
        onNext={() => setPage(current + 1)}
        label={`${caption} pages`}
      />
    </>
  );
}
