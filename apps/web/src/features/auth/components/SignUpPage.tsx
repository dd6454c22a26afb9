import type { User } from '@jobboard/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { errorMessage } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';
import { signInRequest, signUpRequest } from '../api/auth';
import { AuthCard, Divider, ErrorLine } from './AuthCard';
import { GoogleButton } from './GoogleButton';

export function SignUpPage() {
  const navigate = useNavigate();
  const signInSuccess = useAppStore((s) => s.signInSuccess);
  const [form, setForm] = useState({ name: '', username: '', email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setLoading(true);
    setError(null);
    try {
      await signUpRequest(form);
    } catch (err) {
      setError(errorMessage(err));
      setLoading(false);
      return;
    }
    // Signed up: sign in with the same email and password; if that fails, go to the sign-in screen.
    try {
      const user = await signInRequest({ email: form.email, password: form.password });
      signInSuccess(user);
      navigate('/');
    } catch {
      navigate('/sign-in');
    }
  };

  const onGoogle = (user: User) => {
    signInSuccess(user);
    navigate('/');
  };

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  return (
    <AuthCard title="Sign Up" subtitle="Create your account to apply for jobs and post your own.">
      <form onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField id="name" label="Name" autoComplete="name" placeholder="Your name" value={form.name} onChange={set('name')} />
        <TextField id="username" label="Username" autoComplete="username" placeholder="Username" value={form.username} onChange={set('username')} />
        <TextField id="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" value={form.email} onChange={set('email')} />
        <PasswordInput
          id="password"
          label="Password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={form.password}
          onChange={set('password')}
        />
        <Button type="submit" disabled={loading} className="w-full py-2.5">
          {loading ? 'Loading...' : 'Sign Up'}
        </Button>
      </form>
      <Divider />
      <GoogleButton onSuccess={onGoogle} onError={setError} />
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
        Have an account?{' '}
        <Link to="/sign-in" className="font-semibold text-teal-800 hover:underline dark:text-teal-300">
          Sign in
        </Link>
      </p>
      <ErrorLine message={error} />
    </AuthCard>
  );
}
