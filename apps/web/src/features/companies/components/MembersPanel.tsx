import { COMPANY_ROLES, type CompanyRole } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut, UserMinus, UserPlus } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { inputClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/session';
import { useMutateOnce } from '../../../lib/single-flight';
import { useChangeRole } from '../api/team';
import {
  useCompanyInvitations,
  useCompanyMembers,
  useInviteMember,
  useRemoveMember,
  type CompanyMember,
} from '../api/companies';
import { ApiKeysPanel } from './ApiKeysPanel';
import { EmbedPanel } from './EmbedPanel';
import { StageTemplatesPanel } from './StageTemplatesPanel';
import { ImportsPanel } from './ImportsPanel';
import { WebhooksPanel } from './WebhooksPanel';
import { cardClass } from './card';
import { roleName } from '../words';

interface MemberRowProps {
  member: CompanyMember;
  /** An owner may remove any member but the creator, and change their role. */
  canRemove: boolean;
  onRole: (role: CompanyRole) => void;
  changingRole: boolean;
  /** A member other than the creator may leave. */
  isMe: boolean;
  removing: boolean;
  leaving: boolean;
  onRemove: () => void;
  onLeave: () => void;
}

function RoleBadge({ role }: { role: CompanyRole }) {
  const { i18n } = useLingui();
  return (
    <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
      {roleName(i18n, role)}
    </span>
  );
}

function RoleSelect({
  member,
  onRole,
  disabled,
}: {
  member: CompanyMember;
  onRole: (role: CompanyRole) => void;
  disabled: boolean;
}) {
  const { i18n, t } = useLingui();
  const email = member.email;
  return (
    <select
      aria-label={t`Role of ${email}`}
      className={`${inputClass} w-auto py-1.5`}
      value={member.role ?? 'recruiter'}
      disabled={disabled}
      onChange={(event) => {
        const role = COMPANY_ROLES.find((r) => r === event.target.value);
        if (role) onRole(role);
      }}
    >
      {COMPANY_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleName(i18n, role)}
        </option>
      ))}
    </select>
  );
}

function MemberRow({
  member,
  canRemove,
  onRole,
  changingRole,
  isMe,
  removing,
  leaving,
  onRemove,
  onLeave,
}: MemberRowProps) {
  const { t } = useLingui();
  const email = member.email;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900 dark:text-white">
          <bdi>{member.name || member.email}</bdi>
          {member.isCreator ? (
            <span className="ms-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-900 dark:bg-teal-950 dark:text-teal-100">
              <Trans>Creator</Trans>
            </span>
          ) : null}
          {member.role && !canRemove ? <RoleBadge role={member.role} /> : null}
        </p>
        <p className="text-sm break-all text-slate-700 dark:text-slate-300">{member.email}</p>
      </div>
      {canRemove ? <RoleSelect member={member} onRole={onRole} disabled={changingRole} /> : null}
      {canRemove ? (
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          aria-label={t`Remove ${email}`}
          disabled={removing}
          onClick={onRemove}
        >
          <UserMinus size={14} aria-hidden="true" />
          <Trans>Remove</Trans>
        </Button>
      ) : null}
      {isMe ? (
        <Button variant="secondary" className="px-3 py-1.5" disabled={leaving} onClick={onLeave}>
          <LogOut size={14} aria-hidden="true" />
          <Trans>Leave</Trans>
        </Button>
      ) : null}
    </li>
  );
}

interface InviteFormProps {
  email: string;
  setEmail: (email: string) => void;
  role: CompanyRole;
  setRole: (role: CompanyRole) => void;
  onAdd: (event: SubmitEvent) => void;
  busy: boolean;
  /** The last invitation failed: its message is under the form (member-email-error). */
  failed: boolean;
}

/** An owner's invitation by e-mail, with the role accepting gives. */
function InviteForm({ email, setEmail, role, setRole, onAdd, busy, failed }: InviteFormProps) {
  const { i18n, t } = useLingui();
  return (
    <form onSubmit={onAdd} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
      <div className="flex-1">
        <label htmlFor="member-email" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          <Trans>Invite a member by e-mail</Trans>
        </label>
        <input
          id="member-email"
          dir="ltr"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder={t`name@example.com`}
          className={inputClass}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? 'member-email-error' : undefined}
        />
      </div>
      <div>
        <label htmlFor="member-role" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          <Trans>Role</Trans>
        </label>
        <select
          id="member-role"
          className={`${inputClass} w-auto`}
          value={role}
          onChange={(event) => setRole(COMPANY_ROLES.find((r) => r === event.target.value) ?? 'recruiter')}
        >
          {COMPANY_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(i18n, r)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={busy || !email.trim()}>
        <UserPlus size={16} aria-hidden="true" />
        {busy ? t`Inviting...` : t`Send invitation`}
      </Button>
    </form>
  );
}

/** The creator's invitation: the address typed, and the last one sent. */
function useInvite(slug: string) {
  const add = useInviteMember(slug);
  const addOnce = useMutateOnce(add.mutate);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('recruiter');
  const [invited, setInvited] = useState('');
  const onAdd = (event: SubmitEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    addOnce(
      { email: address, role },
      {
        onSuccess: () => {
          setInvited(address);
          setEmail('');
        },
      },
    );
  };
  return { add, email, setEmail, role, setRole, invited, onAdd };
}

/** Removing a member (the creator) or leaving (a member), each confirmed first; who leaves goes to My Jobs. */
function useMemberRemoval(slug: string) {
  const remove = useRemoveMember(slug);
  const navigate = useNavigate();
  const { t } = useLingui();
  const onRemove = async (address: string) => {
    const ok = await confirmDialog(
      t`Remove this member?`,
      t`${address} will no longer be able to edit this company or post jobs for it. Their open jobs here are closed.`,
      t`Yes, remove`,
    );
    if (ok) remove.mutate(address);
  };
  const onLeave = async (address: string) => {
    const ok = await confirmDialog(
      t`Leave this company?`,
      t`You will no longer be able to edit it or post jobs for it. Your open jobs here are closed.`,
      t`Yes, leave`,
    );
    if (ok) remove.mutate(address, { onSuccess: () => void navigate('/my-job') });
  };
  return { remove, onRemove, onLeave };
}

/** The invitations an owner sent that nobody has answered yet. */
function PendingInvitations({ slug }: { slug: string }) {
  const invitations = useCompanyInvitations(slug, true);
  const { i18n } = useLingui();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">
        <Trans>Pending invitations</Trans>
      </h3>
      <ul className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="break-all">
            {invitation.email}
            {invitation.role ? ` (${roleName(i18n, invitation.role)})` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What each role may do. */
function MembersIntro() {
  return (
    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
      <Trans>
        Owners manage the team and the company; recruiters post jobs and handle applications; viewers read jobs and
        applications. Owners invite by e-mail (people join by accepting).
      </Trans>
    </p>
  );
}

/** The members with their roles; an owner invites (choosing the role), changes roles and removes; anyone leaves. */
export function MembersPanel({ slug, role }: { slug: string; role: CompanyRole }) {
  const me = useCurrentUser();
  const members = useCompanyMembers(slug, true);
  const { add, email, setEmail, role: inviteRole, setRole: setInviteRole, invited, onAdd } = useInvite(slug);
  const { remove, onRemove, onLeave } = useMemberRemoval(slug);
  const changeRole = useChangeRole(slug);
  const myEmail = me?.email.toLowerCase();
  const isCreator = Boolean(myEmail && members.data?.some((m) => m.isCreator && m.email.toLowerCase() === myEmail));
  const isOwner = role === 'owner';

  return (
    <>
      <section aria-labelledby="members-heading" className={cardClass}>
        <h2 id="members-heading" className="text-lg font-bold">
          <Trans>Members</Trans>
        </h2>
        <MembersIntro />
        {members.isPending ? (
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            <Trans>Loading members...</Trans>
          </p>
        ) : members.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-800 dark:text-red-200">
            {errorMessage(members.error)}
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {members.data.map((member) => (
              <MemberRow
                key={member.email}
                member={member}
                canRemove={isOwner && !member.isCreator && member.email.toLowerCase() !== myEmail}
                onRole={(next) => changeRole.mutate({ email: member.email, role: next })}
                changingRole={changeRole.isPending}
                isMe={!member.isCreator && member.email.toLowerCase() === myEmail}
                removing={remove.isPending && remove.variables === member.email}
                leaving={remove.isPending}
                onRemove={() => void onRemove(member.email)}
                onLeave={() => void onLeave(member.email)}
              />
            ))}
          </ul>
        )}
        {isOwner ? <PendingInvitations slug={slug} /> : null}
        {remove.isError || changeRole.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
            {errorMessage(remove.error ?? changeRole.error)}
          </p>
        ) : null}
        {isOwner ? (
          <InviteForm
            email={email}
            setEmail={setEmail}
            role={inviteRole}
            setRole={setInviteRole}
            onAdd={onAdd}
            busy={add.isPending}
            failed={add.isError}
          />
        ) : null}
        {invited && !add.isError ? (
          <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            <Trans>An invitation was sent to {invited}. They become a member when they accept it.</Trans>
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
      {isCreator ? <WebhooksPanel slug={slug} /> : null}
      {isCreator ? <ImportsPanel slug={slug} /> : null}
      {isOwner ? <StageTemplatesPanel slug={slug} /> : null}
      <EmbedPanel slug={slug} />
    </>
  );
}
