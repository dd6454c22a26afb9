import type { User } from '@jobboard/shared';
import { useEffect } from 'react';
import { ApiError, apiFetch } from '../lib/api';
import { useAppStore } from '../lib/store';

/**
 * The persisted user is only a hint: on load we ask the server who is signed in (GET /api/auth/me) and
 * keep the store in step. A 401 means the session is gone; other failures leave the store alone.
 */
export function useSessionSync(): void {
  const syncSession = useAppStore((s) => s.syncSession);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<User>('/api/auth/me', { signal: controller.signal })
      .then((user) => syncSession(user))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) syncSession(null);
      });
    return () => controller.abort();
  }, [syncSession]);
}
