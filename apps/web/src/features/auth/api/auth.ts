import type { Account, MessageBody, SignInBody, SignUpBody, User } from '@jobboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { clearExit, forgetUser, SIGN_IN_ATTEMPT, type SessionUser } from '../../../lib/session';

export const signInRequest = (body: SignInBody) => apiFetch<Account>('/api/auth/signin', { method: 'POST', body });

export const signUpRequest = (body: SignUpBody) => apiFetch<MessageBody>('/api/auth/signup', { method: 'POST', body });

/** The signed-in user is stored as the answer of the `me` query: every screen sees the change at once. */
export function useSignedIn() {
  const client = useQueryClient();
  return (user: User) => {
    clearExit(client);
    client.setQueryData(queryKeys.me, user);
  };
}

/** Sign in with email and password. A 401 here is a wrong password, not an ended session. */
export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: signInRequest, meta: SIGN_IN_ATTEMPT, onSuccess: signedIn });
}

/** Sign up, then sign in with the same email and password (docs/product.md, "Screens"); `signedIn` false when only the first worked. */
export function useSignUp() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      await signUpRequest(body);
      try {
        signedIn(await signInRequest({ email: body.email, password: body.password }));
        return { signedIn: true };
      } catch {
        return { signedIn: false };
      }
    },
    meta: SIGN_IN_ATTEMPT,
  });
}

export async function googleConfigured(): Promise<boolean> {
  try {
    const config = await apiFetch<{ configured?: unknown }>('/api/auth/google/config');
    return config.configured === true;
  } catch {
    return false;
  }
}

export const forgotPasswordRequest = (email: string) =>
  apiFetch<MessageBody>('/api/auth/forgot-password', { method: 'POST', body: { email } });

export const resetPasswordRequest = (body: { token: string; password: string }) =>
  apiFetch<MessageBody>('/api/auth/reset-password', { method: 'POST', body });

export const verifyEmailRequest = (token: string) =>
  apiFetch<Account>('/api/auth/verify-email', { method: 'POST', body: { token } });

/** "Forgot password?": the answer is the same whether an account uses the address or not. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPasswordRequest });
}

/**
 * A new password from a mailed link. The server signs out every session of the account, this browser's
 * included: nobody is signed in here any more, and the person signs in with the new password.
 */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetPasswordRequest, onSuccess: () => forgetUser(client) });
}

/**
 * Confirms an address with the token of a mailed link, once per token and page load: the token is single-use,
 * so a second POST (React's strict mode runs effects twice in development; a re-render) would fail the first's
 * success. The answer is the account; it becomes the signed-in user only if it is the one signed in here (a
 * link opened in a browser signed in as someone else, or in none, signs nobody in), else /me is asked again.
 */
const verifications = new Map<string, Promise<Account>>();

export function verifyEmailOnce(token: string): Promise<Account> {
  let attempt = verifications.get(token);
  if (!attempt) {
    attempt = verifyEmailRequest(token);
    verifications.set(token, attempt);
  }
  return attempt;
}

export function useVerifiedAccount() {
  const client = useQueryClient();
  return useCallback(
    (account: Account) => {
      const current = client.getQueryData<SessionUser | null>(queryKeys.me);
      if (current?._id === account._id) client.setQueryData(queryKeys.me, account);
      else void client.invalidateQueries({ queryKey: queryKeys.me });
    },
    [client],
  );
}
