import type { StoredCv, StoredCvCreateBody, StoredCvList } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';

/**
 * The CVs kept on the signed-in seeker's profile (decision record 44): read by the profile, which manages them,
 * and by the apply dialog, which picks one. Here because features do not import each other.
 */
export function useStoredCvs(userId: string) {
  return useQuery({
    queryKey: queryKeys.storedCvs(userId),
    queryFn: () => apiFetch<StoredCvList>('/api/profile/cvs'),
  });
}

/** Keeps an uploaded CV (POST /api/upload/cv) on the profile. */
export const keepCvOnProfile = (body: StoredCvCreateBody) =>
  apiFetch<StoredCv>('/api/profile/cvs', { method: 'POST', body });

/** The CV the apply dialog preselects: the default, else the newest kept. */
export function defaultCvOf(cvs: readonly StoredCv[]): StoredCv | undefined {
  return cvs.find((cv) => cv.isDefault) ?? cvs[cvs.length - 1];
}
