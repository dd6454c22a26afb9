import type { AdminCompanyRow } from '@jobboard/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { CardActions, CardField, CardFields, CardHeading, CardList, cardClass } from '../../../components/ui/CardList';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Table, cellClass, rowClass } from '../../../components/ui/Table';
import { usePageParam } from '../../../lib/page-param';
import { useWideScreen } from '../../../lib/wide-screen';
import { useAdminCompanies } from '../api/console';
import { ActionPanel, Outcome, type PendingAction } from './ActionPanel';
import { Pages, SearchForm } from './ConsoleList';
import { ListStates, count, day, linkClass, muted } from './ConsoleParts';

const HEADERS = ['Company', 'Created by', 'Created', 'Members', 'Jobs (open)', 'Actions'] as const;

type Ask = (action: PendingAction) => void;

function CompanyName({ company }: { company: AdminCompanyRow }) {
  return (
    <>
      <Link to={`/company/${company.slug}`} className={`${linkClass} wrap-anywhere`} dir="auto">
        {company.name}
      </Link>
      <span className={`block ${muted} wrap-anywhere`}>{company.slug}</span>
    </>
  );
}

function MergeButton({ company, ask }: { company: AdminCompanyRow; ask: Ask }) {
  return (
    <Button variant="secondary" onClick={() => ask({ kind: 'merge', id: company.id, target: company.name })}>
      Merge into…
    </Button>
  );
}

const jobsText = (company: AdminCompanyRow) =>
  `${company.jobs.toLocaleString()} (${company.openJobs.toLocaleString()})`;

function CompanyRows({ companies, ask }: { companies: AdminCompanyRow[]; ask: Ask }) {
  const wide = useWideScreen();
  if (!wide)
    return (
      <CardList label="Companies">
        {companies.map((company) => (
          <li key={company.id} className={cardClass} data-testid="console-company">
            <CardHeading>
              <CompanyName company={company} />
            </CardHeading>
            <CardFields>
              <CardField label="CREATED BY" wide>
                {company.creatorEmail ?? 'A deleted account'}
              </CardField>
              <CardField label="CREATED">{day(company.createdAt)}</CardField>
              <CardField label="MEMBERS">{company.members.toLocaleString()}</CardField>
              <CardField label="JOBS (OPEN)">{jobsText(company)}</CardField>
            </CardFields>
            <CardActions>
              <MergeButton company={company} ask={ask} />
            </CardActions>
          </li>
        ))}
      </CardList>
    );
  return (
    <Table caption="Companies" headers={HEADERS}>
      {companies.map((company) => (
        <tr key={company.id} className={rowClass} data-testid="console-company">
          <td className={cellClass}>
            <CompanyName company={company} />
          </td>
          <td className={`${cellClass} wrap-anywhere`}>{company.creatorEmail ?? 'A deleted account'}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{day(company.createdAt)}</td>
          <td className={cellClass}>{company.members.toLocaleString()}</td>
          <td className={cellClass}>{jobsText(company)}</td>
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
  return (
    <section aria-busy={companies.isFetching}>
      <PageTitle subtitle="Merging a duplicate moves its jobs and members to the company kept; the duplicate goes.">
        Companies
      </PageTitle>
      <SearchForm key={q} action="/admin/companies" q={q} placeholder="Name or address" />
      <Outcome text={outcome} />
      {asking ? <ActionPanel action={asking} onClose={() => setAsking(null)} onDone={setOutcome} /> : null}
      <ListStates
        query={companies}
        what="the companies"
        empty={(data) => (data.items.length === 0 ? (q ? `No company matches “${q}”` : 'No companies yet') : null)}
      >
        {(data) => (
          <>
            <p className={`mb-3 ${muted}`}>{count(data.total, 'company', 'companies')}</p>
            <CompanyRows companies={data.items} ask={setAsking} />
            <Pages {...data} setPage={setPage} label="Company pages" />
          </>
        )}
      </ListStates>
    </section>
  );
}
