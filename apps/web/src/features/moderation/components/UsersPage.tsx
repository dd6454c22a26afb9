import type { AdminUserSummary } from '@jobboard/shared';
import { CardField, CardFields, CardHeading, CardList, cardClass } from '../../../components/ui/CardList';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Table, cellClass, rowClass } from '../../../components/ui/Table';
import { usePageParam } from '../../../lib/page-param';
import { useWideScreen } from '../../../lib/wide-screen';
import { useAdminUsers } from '../api/console';
import { Pages, SearchForm } from './ConsoleList';
import { ListStates, UserBadges, count, day, linkClass, muted } from './ConsoleParts';

const HEADERS = ['Name', 'E-mail', 'Joined', 'Jobs', 'Applications', 'State'] as const;

function UserLink({ user }: { user: AdminUserSummary }) {
  return (
    <Link to={`/admin/users/${user.id}`} className={`${linkClass} wrap-anywhere`} dir="auto">
      {user.name}
    </Link>
  );
}

function UserRows({ users }: { users: AdminUserSummary[] }) {
  const wide = useWideScreen();
  if (!wide)
    return (
      <CardList label="Accounts">
        {users.map((user) => (
          <li key={user.id} className={cardClass} data-testid="console-user">
            <CardHeading>
              <UserLink user={user} />
            </CardHeading>
            <CardFields>
              <CardField label="E-MAIL" wide>
                {user.email}
              </CardField>
              <CardField label="JOINED">{day(user.createdAt)}</CardField>
              <CardField label="STATE">
                <UserBadges user={user} />
              </CardField>
              <CardField label="JOBS">{user.jobs.toLocaleString()}</CardField>
              <CardField label="APPLICATIONS">{user.applications.toLocaleString()}</CardField>
            </CardFields>
          </li>
        ))}
      </CardList>
    );
  return (
    <Table caption="Accounts" headers={HEADERS}>
      {users.map((user) => (
        <tr key={user.id} className={rowClass} data-testid="console-user">
          <td className={cellClass}>
            <UserLink user={user} />
          </td>
          <td className={`${cellClass} wrap-anywhere`}>{user.email}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{day(user.createdAt)}</td>
          <td className={cellClass}>{user.jobs.toLocaleString()}</td>
          <td className={cellClass}>{user.applications.toLocaleString()}</td>
          <td className={cellClass}>
            <UserBadges user={user} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Every account, newest first, searched by name, username or e-mail (`/admin/users?q=`). */
export function UsersPage() {
  const { page, setPage, params } = usePageParam();
  const q = params.get('q') ?? '';
  const users = useAdminUsers(q, page, true);
  return (
    <section aria-busy={users.isFetching}>
      <PageTitle subtitle="Find an account by name or e-mail to see its jobs, applications and reports.">
        Users
      </PageTitle>
      <SearchForm key={q} action="/admin/users" q={q} placeholder="Name or e-mail" />
      <ListStates
        query={users}
        what="the accounts"
        empty={(data) => (data.items.length === 0 ? (q ? `No account matches “${q}”` : 'No accounts yet') : null)}
      >
        {(data) => (
          <>
            <p className={`mb-3 ${muted}`}>{count(data.total, 'account', 'accounts')}</p>
            <UserRows users={data.items} />
            <Pages {...data} setPage={setPage} label="Account pages" />
          </>
        )}
      </ListStates>
    </section>
  );
}
