import { MESSAGES } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/Link';
import { serverText } from '../../../components/server-text';
import { ResendVerification } from '../../../components/account/ResendVerification';
import { buttonClass } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/session';
import { useVerifiedAccount, verifyEmailOnce } from '../api/auth';
import { AuthCard } from './AuthCard';
import { linkClass } from './ForgotPasswordPage';

type Verification = { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'failed'; message: string };

/** The address is confirmed: the way on is posting a job, or browsing. */
function Confirmed() {
  const { t, i18n } = useLingui();
  return (
    <AuthCard title={t`E-mail address confirmed`} subtitle={t`Thank you: your account is ready.`}>
      {/* Named for tests and tools, which then need not read the heading in the reader's language. */}
      <div className="space-y-4" data-testid="email-confirmed">
        <p
          role="status"
          data-testid="account-message"
          className="rounded-lg bg-teal-50 p-4 text-sm text-teal-950 dark:bg-teal-950 dark:text-teal-50"
        >
          {serverText(i18n, MESSAGES.emailVerified)} <Trans>You can post jobs now.</Trans>
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/post-job" className={buttonClass('primary', 'flex-1 py-2.5')}>
            <Trans>Post a Job</Trans>
          </Link>
          <Link to="/" className={buttonClass('secondary', 'flex-1 py-2.5')}>
            <Trans>Browse jobs</Trans>
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}

/**
 * The page a confirmation link opens (`/verify-email?token=...`): it confirms the address as it loads (once per
 * token: verifyEmailOnce), then says so, or why not with a way to a new link: a button that mails one to a
 * signed-in user, sign in for anyone else.
 */
export function VerifyEmailPage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useCurrentUser();
  const verified = useVerifiedAccount();
  const [state, setState] = useState<Verification>(
    token ? { kind: 'confirming' } : { kind: 'failed', message: MESSAGES.linkInvalid },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    verifyEmailOnce(token).then(
      (account) => {
        if (!current) return;
        verified(account);
        setState({ kind: 'confirmed' });
      },
      (error: unknown) => {
        if (current) setState({ kind: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [token, verified]);

  if (state.kind === 'confirming') {
    return (
      <AuthCard title={t`Confirming your e-mail address`} subtitle={t`One moment, please.`}>
        <Spinner label={t`Confirming your e-mail address`} />
      </AuthCard>
    );
  }

  if (state.kind === 'confirmed') return <Confirmed />;

  return (
    <AuthCard title={t`This link did not work`} subtitle={t`Links to confirm an address work once, for 24 hours.`}>
      <div className="space-y-4">
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {serverText(i18n, state.message)}
        </p>
        {user ? (
          user.emailVerified === true ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <Trans>Your current address is already confirmed.</Trans>
            </p>
          ) : (
            <div className="text-sm">
              <ResendVerification look="button" label={t`Send a new link`} />
            </div>
          )
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <Trans>
              <Link to="/sign-in" className={linkClass}>
                Sign in
              </Link>{' '}
              to ask for a new link.
            </Trans>
          </p>
        )}
      </div>
    </AuthCard>
  );
}
