import type { AdminCompanyRow } from '@jobboard/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { CardActions, CardField, CardFields, CardHeading, CardList, cardClass } from '../../../components/ui/CardList';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Table, cellClass, rowClass } from '../../../components/ui/Table';
import { useReaderLocale } from '../../../lib/locale';
import { usePageParam } from '../../../lib/page-param';
import { useWideScreen } from '../../../lib/wide-screen';
import { useAdminCompanies } from '../api/console';
import { ActionPanel, Outcome, type PendingAction } from './ActionPanel';
import { Pages, SearchForm } from './ConsoleList';
import { ListStates, day, linkClass, muted } from './ConsoleParts';

type Ask = (action: PendingAction) => void;

function CompanyName({ company }: { company: AdminCompanyRow }) {
  return (
    <>
      <Link to={`/company/${company.slug}`} className={`${linkClass} wrap-anywhere`} dir="auto">
        {company.name}
      </Link>
      <bdi className={`block ${muted} wrap-anywhere`}>{company.slug}</bdi>
    </>
  );
}

function MergeButton({ company, ask }: { company: AdminCompanyRow; ask: Ask }) {
  return (
    <Button variant="secondary" onClick={() => ask({ kind: 'merge', id: company.id, target: company.name })}>
      <Trans>Merge into…</Trans>
    </Button>
  );
}

const jobsText = (company: AdminCompanyRow, format: (n: number) => string) =>
  `${format(company.jobs)} (${format(company.openJobs)})`;

function CompanyRows({ companies, ask }: { companies: AdminCompanyRow[]; ask: Ask }) {
  const wide = useWideScreen();
  const { i18n, t } = useLingui();
  const locale = useReaderLocale();
  const number = (n: number) => i18n.number(n);
  const deleted = t`A deleted account`;
  if (!wide)
    return (
      <CardList label={t`Companies`}>
        {companies.map((company) => (
          <li key={company.id} className={cardClass} data-testid="console-company">
            <CardHeading>
              <CompanyName company={company} />
            </CardHeading>
            <CardFields>
              <CardField label={t`CREATED BY`} wide>
                {company.creatorEmail ?? deleted}
              </CardField>
              <CardField label={t`CREATED`}>{day(company.createdAt, locale)}</CardField>
              <CardField label={t`MEMBERS`}>{number(company.members)}</CardField>
              <CardField label={t`JOBS (OPEN)`}>{jobsText(company, number)}</CardField>
            </CardFields>
            <CardActions>
              <MergeButton company={company} ask={ask} />
            </CardActions>
          </li>
        ))}
      </CardList>
    );
  return (
    <Table
      caption={t`Companies`}
      headers={[t`Company`, t`Created by`, t`Created`, t`Members`, t`Jobs (open)`, t`Actions`]}
    >
      {companies.map((company) => (
        <tr key={company.id} className={rowClass} data-testid="console-company">
          <td className={cellClass}>
            <CompanyName company={company} />
          </td>
          <td className={`${cellClass} wrap-anywhere`}>{company.creatorEmail ?? deleted}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{day(company.createdAt, locale)}</td>
          <td className={cellClass}>{number(company.members)}</td>
          <td className={cellClass}>{jobsText(company, number)}</td>
          <td className={cellClass}>
            <MergeButton company={company} ask={ask} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Every company, newest first, by name or address (`/admin/companies?q=`); a duplicate is merged into another. */
export function CompaniesConsolePage() {
  const { page, setPage, params } = usePageParam();
  const q = params.get('q') ?? '';
  const companies = useAdminCompanies(q, page, true);
  const [asking, setAsking] = useState<PendingAction | null>(null);
  const [outcome, setOutcome] = useState('');
  const { t } = useLingui();
  return (
    <section aria-busy={companies.isFetching}>
      <PageTitle subtitle={t`Merging a duplicate moves its jobs and members to the company kept; the duplicate goes.`}>
        <Trans>Companies</Trans>
      </PageTitle>
      <SearchForm key={q} action="/admin/companies" q={q} placeholder={t`Name or address`} />
      <Outcome text={outcome} />
      {asking ? <ActionPanel action={asking} onClose={() => setAsking(null)} onDone={setOutcome} /> : null}
      <ListStates
        query={companies}
        loading={t`Loading the companies`}
        failed={t`Could not load the companies`}
        empty={(data) => (data.items.length === 0 ? (q ? t`No company matches “${q}”` : t`No companies yet`) : null)}
      >
        {(data) => (
          <>
            <p className={`mb-3 ${muted}`}>
              <Plural value={data.total} one="# company" other="# companies" />
            </p>
            <CompanyRows companies={data.items} ask={setAsking} />
            <Pages {...data} setPage={setPage} label={t`Company pages`} />
          </>
        )}
      </ListStates>
    </section>
  );
}
