import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountFields } from '../../../components/account/AccountFields';
import { Link } from '../../../components/ui/Link';
import { useAccountForm } from '../../../components/account/use-account-form';
import { useSignedIn, useSignUp } from '../api/auth';
import { AuthForm } from './AuthCard';
import { useMutateOnce } from '../../../lib/single-flight';

const FIELDS = ['name', 'username', 'email', 'password'] as const;

/** After signing up the product signs in with the same email and password; if that fails, to /sign-in (docs/product.md, "Screens"). */
export function SignUpPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useAccountForm(FIELDS, { name: '', username: '', email: '', password: '' });
  const signUp = useSignUp();
  const signUpOnce = useMutateOnce(signUp.mutate);
  const signedIn = useSignedIn();

  const onSubmit = () => {
    form.clearErrors();
    signUpOnce(form.values, {
      onSuccess: (result) => {
        // Signed in: the route (GuestOnly) moves on. Otherwise sign in by hand, keeping where to go after.
        const next = params.get('next');
        if (!result.signedIn) void navigate(next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in');
      },
      onError: form.showServerError,
    });
  };

  return (
    <AuthForm
      title={t`Sign Up`}
      subtitle={t`Create your account to apply for jobs and post your own.`}
      submitLabel={t`Sign Up`}
      busy={signUp.isPending}
      formError={form.formError}
      onSubmit={onSubmit}
      onGoogle={signedIn}
      onGoogleError={form.setFormError}
      switchPrompt={t`Have an account?`}
      switchLabel={t`Sign in`}
      switchTo="/sign-in"
    >
      <AccountFields
        fields={FIELDS}
        values={form.values}
        errors={form.errors}
        onChange={form.change}
        overrides={{ password: { autoComplete: 'new-password', placeholder: t`At least 8 characters` } }}
      />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <Trans>
          By signing up you agree to the{' '}
          <Link to="/terms" className="font-medium text-teal-800 hover:underline dark:text-teal-300">
            Terms
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className="font-medium text-teal-800 hover:underline dark:text-teal-300">
            Privacy
          </Link>{' '}
          notice.
        </Trans>
      </p>
    </AuthForm>
  );
}
