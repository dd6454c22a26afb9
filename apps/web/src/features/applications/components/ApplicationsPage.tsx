import type { Application } from '@jobboard/shared';
import { MESSAGES, TABLE_PAGE_SIZE } from '@jobboard/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { EmptyRow, rowClass, Table } from '../../../components/ui/Table';
import { clampPage, hasNextPage, hasPreviousPage, pageCount, pageSlice } from '../../../lib/paging';

export interface ApplicationsPageProps {
  title: string;
  caption: string;
  headers: readonly string[];
  applications: UseQueryResult<Application[]>;
  /** The cells of one row; `number` counts from 1 across pages. */
  renderCells: (application: Application, number: number) => ReactNode;
}

/** Applied Jobs and Responses: a titled table, 4 rows a page, Previous/Next disabled at the edges, a loading indicator. */
export function ApplicationsPage({ title, caption, headers, applications, renderCells }: ApplicationsPageProps) {
  const [page, setPage] = useState(1);
  const list = applications.data ?? [];
  const current = clampPage(page, list.length, TABLE_PAGE_SIZE);
  const rows = pageSlice(list, current, TABLE_PAGE_SIZE);
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      {applications.isPending ? (
        <Spinner />
      ) : (
        <>
          <Table caption={caption} headers={headers}>
            {rows.length === 0 ? (
              <EmptyRow columns={headers.length} text={MESSAGES.noDataFound} />
            ) : (
              rows.map((application, index) => (
                <tr key={application._id} className={rowClass}>
                  {renderCells(application, (current - 1) * TABLE_PAGE_SIZE + index + 1)}
                </tr>
              ))
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
      )}
    </section>
  );
}
