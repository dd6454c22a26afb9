import type { AdminUserSummary } from '@jobboard/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CardField, CardFields, CardHeading, CardList, cardClass } from '../../../components/ui/CardList';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Table, cellClass, rowClass } from '../../../components/ui/Table';
import { useReaderLocale } from '../../../lib/locale';
import { usePageParam } from '../../../lib/page-param';
import { useWideScreen } from '../../../lib/wide-screen';
import { useAdminUsers } from '../api/console';
import { Pages, SearchForm } from './ConsoleList';
import { ListStates, UserBadges, day, linkClass, muted } from './ConsoleParts';

function UserLink({ user }: { user: AdminUserSummary }) {
  return (
    <Link to={`/admin/users/${user.id}`} className={`${linkClass} wrap-anywhere`} dir="auto">
      {user.name}
    </Link>
  );
}

function UserRows({ users }: { users: AdminUserSummary[] }) {
  const wide = useWideScreen();
  const { i18n, t } = useLingui();
  const locale = useReaderLocale();
  if (!wide)
    return (
      <CardList label={t`Accounts`}>
        {users.map((user) => (
          <li key={user.id} className={cardClass} data-testid="console-user">
            <CardHeading>
              <UserLink user={user} />
            </CardHeading>
            <CardFields>
              <CardField label={t`E-MAIL`} wide>
                {user.email}
              </CardField>
              <CardField label={t`JOINED`}>{day(user.createdAt, locale)}</CardField>
              <CardField label={t`STATE`}>
                <UserBadges user={user} />
              </CardField>
              <CardField label={t`JOBS`}>{i18n.number(user.jobs)}</CardField>
              <CardField label={t`APPLICATIONS`}>{i18n.number(user.applications)}</CardField>
            </CardFields>
          </li>
        ))}
      </CardList>
    );
  return (
    <Table caption={t`Accounts`} headers={[t`Name`, t`E-mail`, t`Joined`, t`Jobs`, t`Applications`, t`State`]}>
      {users.map((user) => (
        <tr key={user.id} className={rowClass} data-testid="console-user">
          <td className={cellClass}>
            <UserLink user={user} />
          </td>
          <td className={`${cellClass} wrap-anywhere`}>{user.email}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{day(user.createdAt, locale)}</td>
          <td className={cellClass}>{i18n.number(user.jobs)}</td>
          <td className={cellClass}>{i18n.number(user.applications)}</td>
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
  const { t } = useLingui();
  return (
    <section aria-busy={users.isFetching}>
      <PageTitle subtitle={t`Find an account by name or e-mail to see its jobs, applications and reports.`}>
        <Trans>Users</Trans>
      </PageTitle>
      <SearchForm key={q} action="/admin/users" q={q} placeholder={t`Name or e-mail`} />
      <ListStates
        query={users}
        loading={t`Loading the accounts`}
        failed={t`Could not load the accounts`}
        empty={(data) => (data.items.length === 0 ? (q ? t`No account matches “${q}”` : t`No accounts yet`) : null)}
      >
        {(data) => (
          <>
            <p className={`mb-3 ${muted}`}>
              <Plural value={data.total} one="# account" other="# accounts" />
            </p>
            <UserRows users={data.items} />
            <Pages {...data} setPage={setPage} label={t`Account pages`} />
          </>
        )}
      </ListStates>
    </section>
  );
}
