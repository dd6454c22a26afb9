import type { User } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode, SubmitEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/Link';
import { Button } from '../../../components/ui/Button';
import { useSiteInfo } from '../../../lib/site';
import { GoogleButton, useGoogleOffered } from './GoogleButton';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-md">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function Divider() {
  return (
    <div
      className="my-4 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600 dark:text-slate-300"
      aria-hidden="true"
    >
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      <Trans>or</Trans>
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}

/** The form's own message (what belongs to no single field: a wrong password, Google not configured...). */
export function ErrorLine({ message }: { message: string | null }) {
  return (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300" data-testid="auth-error">
      {message ?? ''}
    </p>
  );
}

export interface AuthFormProps {
  title: string;
  subtitle: string;
  submitLabel: string;
  busy: boolean;
  formError: string | null;
  onSubmit: () => void;
  onGoogle: (user: User) => void;
  onGoogleError: (message: string) => void;
  /** 'Don't have an account?' + the link to the other screen, which keeps where to go afterwards. */
  switchPrompt: string;
  switchLabel: string;
  switchTo: '/sign-in' | '/sign-up';
  children: ReactNode;
}

/** The frame Sign In and Sign Up share: fields, submit, the form's message, Google, the link to the other screen. */
export function AuthForm({
  title,
  subtitle,
  submitLabel,
  busy,
  formError,
  onSubmit,
  onGoogle,
  onGoogleError,
  switchPrompt,
  switchLabel,
  switchTo,
  children,
}: AuthFormProps) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const next = params.get('next');
  // Which methods the site settings show; the password form stays when nothing else could be offered.
  const { signInMethods = ['password', 'google'] } = useSiteInfo();
  const googleOffered = useGoogleOffered();
  const google = googleOffered && signInMethods.includes('google');
  const password = signInMethods.includes('password') || !google;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {password ? (
        <form onSubmit={submit} className="space-y-4">
          {children}
          <ErrorLine message={formError} />
          <Button type="submit" disabled={busy} className="w-full py-2.5">
            {busy ? t`Loading...` : submitLabel}
          </Button>
        </form>
      ) : (
        <ErrorLine message={formError} />
      )}
      {/* An install without Google sign-in offers none, rather than a button that fails once pressed. */}
      {google ? (
        <>
          {password ? <Divider /> : null}
          <GoogleButton onSuccess={onGoogle} onError={onGoogleError} />
        </>
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
        {switchPrompt}{' '}
        <Link
          to={next ? `${switchTo}?next=${encodeURIComponent(next)}` : switchTo}
          className="font-semibold text-teal-800 hover:underline dark:text-teal-300"
        >
          {switchLabel}
        </Link>
      </p>
    </AuthCard>
  );
}
