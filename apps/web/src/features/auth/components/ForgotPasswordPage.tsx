import { Trans, useLingui } from '@lingui/react/macro';
import type { SubmitEvent } from 'react';
import { Link } from '../../../components/ui/Link';
import { serverText } from '../../../components/server-text';
import { AccountFields } from '../../../components/account/AccountFields';
import { useAccountForm } from '../../../components/account/use-account-form';
import { Button } from '../../../components/ui/Button';
import { useForgotPassword } from '../api/auth';
import { AuthCard, ErrorLine } from './AuthCard';
import { useMutateOnce } from '../../../lib/single-flight';

const FIELDS = ['email'] as const;

export const linkClass = 'font-semibold text-teal-800 hover:underline dark:text-teal-300';

/**
 * "Forgot password?": the address, then the server's answer, which is the same whether an account uses the
 * address or not (nobody learns from it who has an account). Asked too often: the rate limit's message.
 */
export function ForgotPasswordPage() {
  const { t, i18n } = useLingui();
  const form = useAccountForm(FIELDS, { email: '' });
  const forgot = useForgotPassword();
  const sendOnce = useMutateOnce(forgot.mutate);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    form.clearErrors();
    sendOnce(form.values.email.trim(), { onError: form.showServerError });
  };

  return (
    <AuthCard
      title={t`Forgot your password?`}
      subtitle={
        forgot.isSuccess
          ? t`Check your inbox.`
          : t`Enter the e-mail address of your account and we will send it a link to choose a new password.`
      }
    >
      {forgot.isSuccess ? (
        <div className="space-y-4">
          <p
            role="status"
            data-testid="account-message"
            className="rounded-lg bg-teal-50 p-4 text-sm text-teal-950 dark:bg-teal-950 dark:text-teal-50"
          >
            {serverText(i18n, forgot.data.message)}
          </p>
          <p className="text-center text-sm">
            <Link to="/sign-in" className={linkClass}>
              <Trans>Back to sign in</Trans>
            </Link>
          </p>
        </div>
      ) : (
        <>
          <form onSubmit={submit} className="space-y-4">
            <AccountFields fields={FIELDS} values={form.values} errors={form.errors} onChange={form.change} />
            <ErrorLine message={form.formError} />
            <Button type="submit" disabled={forgot.isPending} className="w-full py-2.5">
              {forgot.isPending ? t`Loading...` : t`Send reset link`}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
            <Trans>
              Remembered it?{' '}
              <Link to="/sign-in" className={linkClass}>
                Sign in
              </Link>
            </Trans>
          </p>
        </>
      )}
    </AuthCard>
  );
}
