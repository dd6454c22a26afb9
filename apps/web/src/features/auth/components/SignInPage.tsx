import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '../../../components/ui/Link';
import { AccountFields } from '../../../components/account/AccountFields';
import { useAccountForm } from '../../../components/account/use-account-form';
import { useSignedIn, useSignIn } from '../api/auth';
import { AuthForm } from './AuthCard';
import { useMutateOnce } from '../../../lib/single-flight';

const FIELDS = ['email', 'password'] as const;

/**
 * Email and password; messages the server gives for a field show beside it, others (a wrong password) in
 * the form's line. On success the `me` query holds the user and the route (GuestOnly) moves on to `next` or
 * home. Leaving the screen clears the error, since it lives in this screen only (docs/product.md, "Screens").
 */
export function SignInPage() {
  const { t } = useLingui();
  const form = useAccountForm(FIELDS, { email: '', password: '' });
  const signIn = useSignIn();
  const signInOnce = useMutateOnce(signIn.mutate);
  const signedIn = useSignedIn();

  const onSubmit = () => {
    form.clearErrors();
    signInOnce(form.values, { onError: form.showServerError });
  };

  return (
    <AuthForm
      title={t`Sign In`}
      subtitle={t`Welcome back! Sign in to apply and manage your jobs.`}
      submitLabel={t`Sign In`}
      busy={signIn.isPending}
      formError={form.formError}
      onSubmit={onSubmit}
      onGoogle={signedIn}
      onGoogleError={form.setFormError}
      switchPrompt={t`Don't have an account?`}
      switchLabel={t`Sign up`}
      switchTo="/sign-up"
    >
      <AccountFields fields={FIELDS} values={form.values} errors={form.errors} onChange={form.change} />
      <p className="-mt-2 text-end text-sm">
        <Link to="/forgot-password" className="font-medium text-teal-800 hover:underline dark:text-teal-300">
          <Trans>Forgot password?</Trans>
        </Link>
      </p>
    </AuthForm>
  );
}
