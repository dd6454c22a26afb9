import { SITE_NAME } from '@jobboard/shared';
import { LogOut, Pencil, UserMinus, UserPlus } from 'lucide-react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/Button';
import { CompanyLogo } from '../../../components/ui/CompanyLogo';
import { confirmDialog } from '../../../components/ui/dialogs';
import { inputClass } from '../../../components/ui/Field';
import { Link } from '../../../components/ui/Link';
import { JobCardSkeletonList } from '../../../components/ui/Skeleton';
import { ApiError, errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/session';
import { ApiKeysPanel } from './ApiKeysPanel';
import { CompanyAbout, CompanyCover, CompanyLink } from './CompanyAbout';
import { CompanyEditForm } from './CompanyEditForm';
import { CompanyJobList } from './CompanyJobList';
import {
  useCompany,
  useCompanyInvitations,
  useCompanyMembers,
  useInviteMember,
  useRemoveMember,
} from '../api/companies';
import { useMutateOnce } from '../../../lib/single-flight';

const cardClass =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900';

/** /company/:slug: the company, its open jobs, and for its members an edit form and the member list. */
export function CompanyPage() {
  const { slug = '' } = useParams();
  const company = useCompany(slug);
  const [editing, setEditing] = useState(false);
  const title = `${company.data?.name ?? (company.isError ? 'Company not found' : 'Company')} | ${SITE_NAME}`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (company.isPending) {
    return (
      <section aria-busy="true" aria-label="Loading company">
        <div className={`${cardClass} h-40 animate-pulse`} />
        <div className="mt-8">
          <JobCardSkeletonList count={3} />
        </div>
      </section>
    );
  }
  if (company.isError) {
    const notFound = company.error instanceof ApiError && company.error.status === 404;
    return (
      <section className="py-12 text-center">
        <h1 className="text-2xl font-bold">{notFound ? 'Company not found' : 'Could not load this company'}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {notFound ? 'There is no company at this address. It may have been renamed.' : errorMessage(company.error)}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          {notFound ? null : (
            <Button variant="secondary" onClick={() => void company.refetch()}>
              Try again
            </Button>
          )}
          <Link to="/" className={buttonClass('primary')}>
            Back to all jobs
          </Link>
        </div>
      </section>
    );
  }

  const data = company.data;
  return (
    <section className="mx-auto max-w-4xl space-y-8">
      <div className={cardClass}>
        <CompanyCover src={data.cover} />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <CompanyLogo
            src={data.logo}
            companyName={data.name}
            alt={`${data.name} logo`}
            size={80}
            className="h-20 w-20 shrink-0 rounded-2xl border border-slate-200 p-1.5 text-2xl dark:border-slate-700"
          />
          <div className="min-w-0 flex-1">
            <h1 dir="auto" className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
              {data.name}
            </h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
              {data.website ? <CompanyLink href={data.website} /> : null}
              <span>
                {data.openJobs} open {data.openJobs === 1 ? 'job' : 'jobs'}
              </span>
            </p>
          </div>
          {data.canEdit && !editing ? (
            <Button variant="secondary" onClick={() => setEditing(true)} className="self-start">
              <Pencil size={14} aria-hidden="true" />
              Edit company
            </Button>
          ) : null}
        </div>
        <CompanyAbout company={data} />
        {editing ? <CompanyEditForm company={data} onDone={() => setEditing(false)} /> : null}
      </div>

      <div>
        <h2 className="mb-4 text-lg font-bold">Open jobs</h2>
        {data.jobs.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 py-12 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            {data.name} has no open jobs at the moment.
          </p>
        ) : (
          <CompanyJobList jobs={data.jobs} />
        )}
      </div>

      {data.canEdit ? <MembersPanel slug={data.slug} /> : null}
    </section>
  );
}

function MembersPanel({ slug }: { slug: string }) {
  const me = useCurrentUser();
  const members = useCompanyMembers(slug, true);
  const add = useInviteMember(slug);
  const addOnce = useMutateOnce(add.mutate);
  const remove = useRemoveMember(slug);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [invited, setInvited] = useState('');
  const myEmail = me?.email.toLowerCase();
  const isCreator = Boolean(myEmail && members.data?.some((m) => m.isCreator && m.email.toLowerCase() === myEmail));
  const invitations = useCompanyInvitations(slug, isCreator);

  const onAdd = (event: SubmitEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    addOnce(address, {
      onSuccess: () => {
        setInvited(address);
        setEmail('');
      },
    });
  };
  const onRemove = async (address: string) => {
    const ok = await confirmDialog(
      'Remove this member?',
      `${address} will no longer be able to edit this company or post jobs for it. Their open jobs here are closed.`,
      'Yes, remove',
    );
    if (ok) remove.mutate(address);
  };
  const onLeave = async (address: string) => {
    const ok = await confirmDialog(
      'Leave this company?',
      'You will no longer be able to edit it or post jobs for it. Your open jobs here are closed.',
      'Yes, leave',
    );
    if (ok) remove.mutate(address, { onSuccess: () => void navigate('/my-job') });
  };

  return (
    <>
      <section aria-labelledby="members-heading" className={cardClass}>
        <h2 id="members-heading" className="text-lg font-bold">
          Members
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Members may edit the company and post jobs for it. Its creator invites them by e-mail (they join by accepting)
          and removes them.
        </p>
        {members.isPending ? (
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">Loading members...</p>
        ) : members.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-800 dark:text-red-200">
            {errorMessage(members.error)}
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {members.data.map((member) => (
              <li key={member.email} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 dark:text-white">
                    {member.name || member.email}
                    {member.isCreator ? (
                      <span className="ml-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-900 dark:bg-teal-950 dark:text-teal-100">
                        Creator
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm break-all text-slate-700 dark:text-slate-300">{member.email}</p>
                </div>
                {isCreator && !member.isCreator ? (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    aria-label={`Remove ${member.email}`}
                    disabled={remove.isPending && remove.variables === member.email}
                    onClick={() => void onRemove(member.email)}
                  >
                    <UserMinus size={14} aria-hidden="true" />
                    Remove
                  </Button>
                ) : null}
                {!member.isCreator && member.email.toLowerCase() === myEmail ? (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    disabled={remove.isPending}
                    onClick={() => void onLeave(member.email)}
                  >
                    <LogOut size={14} aria-hidden="true" />
                    Leave
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {isCreator && invitations.data && invitations.data.length > 0 ? (
          <div className="mt-4">
            <h3 className="text-sm font-semibold">Pending invitations</h3>
            <ul className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {invitations.data.map((invitation) => (
                <li key={invitation.id} className="break-all">
                  {invitation.email}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {remove.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
            {errorMessage(remove.error)}
          </p>
        ) : null}
        {isCreator ? (
          <form onSubmit={onAdd} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
            <div className="flex-1">
              <label
                htmlFor="member-email"
                className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
              >
                Invite a member by e-mail
              </label>
              <input
                id="member-email"
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                placeholder="name@example.com"
                className={inputClass}
                aria-invalid={add.isError ? true : undefined}
                aria-describedby={add.isError ? 'member-email-error' : undefined}
              />
            </div>
            <Button type="submit" disabled={add.isPending || !email.trim()}>
              <UserPlus size={16} aria-hidden="true" />
              {add.isPending ? 'Inviting...' : 'Send invitation'}
            </Button>
          </form>
        ) : null}
        {invited && !add.isError ? (
          <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            An invitation was sent to {invited}. They become a member when they accept it.
          </p>
        ) : null}
        {add.isError ? (
          <p id="member-email-error" role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
            {errorMessage(add.error)}
          </p>
        ) : null}
      </section>
      {/* The owner's API keys (issue 36): beside the members, for the creator only. */}
      {isCreator ? <ApiKeysPanel slug={slug} /> : null}
    </>
  );
}
