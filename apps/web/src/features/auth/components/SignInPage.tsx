import type { User } from '@jobboard/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { errorMessage } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';
import { signInRequest } from '../api/auth';
import { AuthCard, Divider, ErrorLine } from './AuthCard';
import { GoogleButton } from './GoogleButton';

export function SignInPage() {
  const navigate = useNavigate();
  const { loading, error } = useAppStore((s) => s.user);
  const signInStart = useAppStore((s) => s.signInStart);
  const signInSuccess = useAppStore((s) => s.signInSuccess);
  const signInFailure = useAppStore((s) => s.signInFailure);
  const clearError = useAppStore((s) => s.clearError);
  const [form, setForm] = useState({ email: '', password: '' });

  // Leaving the screen clears the error (spec section 2).
  useEffect(() => () => clearError(), [clearError]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    signInStart();
    try {
      const user = await signInRequest(form);
      signInSuccess(user);
      navigate('/');
    } catch (err) {
      signInFailure(errorMessage(err));
    }
  };

  const onGoogle = (user: User) => {
    signInSuccess(user);
    navigate('/');
  };

  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in to apply and manage your jobs.">
      <form onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
        <PasswordInput
          id="password"
          label="Password"
          autoComplete="current-password"
          placeholder="Password"
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <Button type="submit" disabled={loading} className="w-full py-2.5">
          {loading ? 'Loading...' : 'Sign In'}
        </Button>
      </form>
      <Divider />
      <GoogleButton onSuccess={onGoogle} onError={signInFailure} />
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
        Don&apos;t have an account?{' '}
        <Link to="/sign-up" className="font-semibold text-teal-800 hover:underline dark:text-teal-300">
          Sign up
        </Link>
      </p>
      <ErrorLine message={error} />
    </AuthCard>
  );
}
