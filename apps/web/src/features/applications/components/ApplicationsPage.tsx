import type { Application } from '@jobboard/shared';
import { TABLE_PAGE_SIZE } from '@jobboard/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { NO_DATA_FOUND } from '../stage-words';
import { CardEmpty, CardList, cardClass } from '../../../components/ui/CardList';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { EmptyRow, rowClass, Table } from '../../../components/ui/Table';
import { usePageParam, useShownPage } from '../../../lib/page-param';
import { clampPage, hasNextPage, hasPreviousPage, pageCount, pageSlice } from '../../../lib/paging';
import { useWideScreen } from '../../../lib/wide-screen';

export interface ApplicationsPageProps {
  title: string;
  caption: string;
  /** The pagination's label ("Jobs you applied to pages"). */
  pagesLabel: string;
  headers: readonly string[];
  applications: UseQueryResult<Application[]>;
  /** The cells of one table row (600 px and wider); `number` counts from 1 across pages. */
  renderCells: (application: Application, number: number) => ReactNode;
  /** The inside of one card (narrower): the same cell components, labelled with the headers. */
  renderCard: (application: Application, number: number) => ReactNode;
  /** Shown between the title and the list. */
  intro?: ReactNode;
}

/**
 * Applied Jobs: a titled table, 4 rows a page, Previous/Next disabled at the edges, a loading indicator; a list of
 * cards under 600 px. The page is in the URL (`?page=N`); past the end it is the last page, junk is page 1.
 */
export function ApplicationsPage({
  title,
  caption,
  pagesLabel,
  headers,
  applications,
  renderCells,
  renderCard,
  intro,
}: ApplicationsPageProps) {
  const { i18n } = useLingui();
  const wide = useWideScreen();
  const list = applications.data ?? [];
  const { page, setPage } = usePageParam();
  const current = clampPage(page, list.length, TABLE_PAGE_SIZE);
  useShownPage(applications.isSuccess ? current : undefined);
  const rows = pageSlice(list, current, TABLE_PAGE_SIZE);
  const number = (index: number) => (current - 1) * TABLE_PAGE_SIZE + index + 1;
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      {intro}
      {applications.isPending ? (
        <Spinner />
      ) : (
        <>
          {wide ? (
            <Table caption={caption} headers={headers}>
              {rows.length === 0 ? (
                <EmptyRow columns={headers.length} text={i18n._(NO_DATA_FOUND)} />
              ) : (
                rows.map((application, index) => (
                  <tr key={application._id} className={rowClass}>
                    {renderCells(application, number(index))}
                  </tr>
                ))
              )}
            </Table>
          ) : rows.length === 0 ? (
            <CardEmpty text={i18n._(NO_DATA_FOUND)} />
          ) : (
            <CardList label={caption}>
              {rows.map((application, index) => (
                <li key={application._id} className={cardClass}>
                  {renderCard(application, number(index))}
                </li>
              ))}
            </CardList>
          )}
          <Pagination
            page={current}
            pageCount={pageCount(list.length, TABLE_PAGE_SIZE)}
            hasPrevious={hasPreviousPage(current)}
            hasNext={hasNextPage(current, list.length, TABLE_PAGE_SIZE)}
            onPrevious={() => setPage(current - 1)}
            onNext={() => setPage(current + 1)}
            label={pagesLabel}
          />
        </>
      )}
    </section>
  );
}
