import type { MessageBody, SignInBody, SignUpBody, User } from '@jobboard/shared';
import { apiFetch } from '../../../lib/api';

export const signInRequest = (body: SignInBody) => apiFetch<User>('/api/auth/signin', { method: 'POST', body });

export const signUpRequest = (body: SignUpBody) => apiFetch<MessageBody>('/api/auth/signup', { method: 'POST', body });

export async function googleConfigured(): Promise<boolean> {
  try {
    const config = await apiFetch<{ configured?: unknown }>('/api/auth/google/config');
    return config.configured === true;
  } catch {
    return false;
  }
}
