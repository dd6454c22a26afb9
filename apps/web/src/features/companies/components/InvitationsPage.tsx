import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { useAnswerInvitation, useMyInvitations } from '../api/companies';
import { cardClass } from './card';

/** The invitation a mailed link names (?token=...), to accept or decline. */
function FollowedInvitation({ busy, respond }: { busy: boolean; respond: (accept: boolean) => void }) {
  return (
    <div className={cardClass}>
      <p>
        <Trans>
          You followed an invitation to join a company. Its members post jobs under its name and read their
          applications.
        </Trans>
      </p>
      <div className="mt-4 flex gap-3">
        <Button disabled={busy} onClick={() => respond(true)}>
          <Trans>Accept invitation</Trans>
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => respond(false)}>
          <Trans>Decline</Trans>
        </Button>
      </div>
    </div>
  );
}

/**
 * /company-invitation: the invitations to the signed-in user's address, each to accept or decline, and the one
 * a mailed link names (?token=...). Nobody joins a company without answering here.
 */
export function InvitationsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitations = useMyInvitations();
  const answer = useAnswerInvitation();
  const navigate = useNavigate();
  const { t } = useLingui();
  const respond = (body: { id: string } | { token: string }, accept: boolean) =>
    answer.mutate(
      { ...body, accept },
      {
        onSuccess: (result) => {
          if (result.accepted && result.company) void navigate(`/company/${result.company.slug}`);
          else void invitations.refetch();
          if ('token' in body) void navigate('/company-invitation', { replace: true });
        },
      },
    );

  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">
        <Trans>Company invitations</Trans>
      </h1>
      {token ? <FollowedInvitation busy={answer.isPending} respond={(accept) => respond({ token }, accept)} /> : null}
      {answer.isError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {errorMessage(answer.error)}
        </p>
      ) : null}
      <div className={cardClass}>
        {invitations.isPending ? (
          <p>
            <Trans>Loading invitations...</Trans>
          </p>
        ) : invitations.isError ? (
          <p role="alert">{errorMessage(invitations.error)}</p>
        ) : invitations.data.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">
            <Trans>No pending invitations. (Invitations show here once your e-mail address is confirmed.)</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {invitations.data.map((invitation) => {
              const companyName = invitation.company.name;
              return (
                <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
                  <p className="min-w-0 flex-1 font-medium break-words" dir="auto">
                    {companyName}
                  </p>
                  <Button
                    className="px-3 py-1.5"
                    disabled={answer.isPending}
                    onClick={() => respond({ id: invitation.id }, true)}
                    aria-label={t`Accept ${companyName}`}
                  >
                    <Trans>Accept</Trans>
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    disabled={answer.isPending}
                    onClick={() => respond({ id: invitation.id }, false)}
                    aria-label={t`Decline ${companyName}`}
                  >
                    <Trans>Decline</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
