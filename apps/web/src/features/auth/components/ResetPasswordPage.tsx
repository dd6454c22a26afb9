import { MESSAGES } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubmitEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/Link';
import { serverText } from '../../../components/server-text';
import { AccountFields } from '../../../components/account/AccountFields';
import { useAccountForm } from '../../../components/account/use-account-form';
import { Button, buttonClass } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api';
import { useResetPassword } from '../api/auth';
import { AuthCard, ErrorLine } from './AuthCard';
import { linkClass } from './ForgotPasswordPage';
import { useMutateOnce } from '../../../lib/single-flight';

const FIELDS = ['password'] as const;

/**
 * The password is the only thing typed here: a 400 that names no field and is not about the link (a common
 * password: the policy's message has no "password:" prefix) belongs beside the password field.
 */
function asPasswordError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  if (error.message === MESSAGES.linkInvalid || /^[A-Za-z][\w.]*:/.test(error.message)) return error;
  return new ApiError(400, `password: ${error.message}`);
}

function NewLinkLink() {
  return (
    <p className="text-center text-sm">
      <Link to="/forgot-password" className={linkClass}>
        <Trans>Ask for a new link</Trans>
      </Link>
    </p>
  );
}

/**
 * The page a reset link opens (`/reset-password?token=...`): a new password, with the rules of sign-up (the
 * server's message stands beside the field). On success every session of the account has ended, this one
 * too, and the person signs in with the new password. An expired or used link (or none) leads to a new one.
 */
export function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useAccountForm(FIELDS, { password: '' });
  const reset = useResetPassword();
  const resetOnce = useMutateOnce(reset.mutate);

  if (!token) {
    return (
      <AuthCard
        title={t`Choose a new password`}
        subtitle={t`This page opens from the link in a password reset e-mail.`}
      >
        <div className="space-y-4">
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {serverText(i18n, MESSAGES.linkInvalid)}
          </p>
          <NewLinkLink />
        </div>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title={t`Password changed`} subtitle={t`Every session of your account was signed out.`}>
        <div className="space-y-4">
          <p
            role="status"
            data-testid="account-message"
            className="rounded-lg bg-teal-50 p-4 text-sm text-teal-950 dark:bg-teal-950 dark:text-teal-50"
          >
            {serverText(i18n, reset.data.message)}
          </p>
          <Link to="/sign-in" className={buttonClass('primary', 'w-full py-2.5')}>
            <Trans>Sign in</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    form.clearErrors();
    resetOnce(
      { token, password: form.values.password },
      { onError: (error) => form.showServerError(asPasswordError(error)) },
    );
  };

  return (
    <AuthCard title={t`Choose a new password`} subtitle={t`At least 8 characters; a common password is refused.`}>
      <form onSubmit={submit} className="space-y-4">
        <AccountFields
          fields={FIELDS}
          values={form.values}
          errors={form.errors}
          onChange={form.change}
          overrides={{
            password: { label: t`New password`, autoComplete: 'new-password', placeholder: t`At least 8 characters` },
          }}
        />
        <ErrorLine message={form.formError} />
        <Button type="submit" disabled={reset.isPending} className="w-full py-2.5">
          {reset.isPending ? t`Loading...` : t`Set new password`}
        </Button>
      </form>
      {/* What is left for the form is about the link (expired, used, malformed): the way to a new one. */}
      {form.formError && reset.error instanceof ApiError && reset.error.status === 400 ? (
        <div className="mt-4">
          <NewLinkLink />
        </div>
      ) : null}
    </AuthCard>
  );
}
