import type { CandidateProfile, CandidateProfileBody, CvLink, StoredCv, StoredCvUpdateBody } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { uploadCv } from '../../../lib/cv-upload';
import { queryKeys } from '../../../lib/query-keys';
import { keepCvOnProfile } from '../../../lib/stored-cvs';

/** The headline, location and links employers see on each application (decision record 44). */
export function useCandidateProfile(userId: string) {
  return useQuery({
    queryKey: queryKeys.candidateProfile(userId),
    queryFn: () => apiFetch<CandidateProfile>('/api/profile/candidate'),
  });
}

export function useSaveCandidateProfile(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CandidateProfileBody) =>
      apiFetch<CandidateProfile>('/api/profile/candidate', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(queryKeys.candidateProfile(userId), saved),
  });
}

/** Every change to the stored CVs reads the list again (the default may move with it). */
function useStoredCvMutation<Input, Output>(userId: string, run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.storedCvs(userId) }),
  });
}

/** Uploads the file, then keeps it on the profile. */
export const useAddStoredCv = (userId: string, onProgress: (percent: number) => void) =>
  useStoredCvMutation(userId, async (file: File) => {
    const uploaded = await uploadCv(file, onProgress, userId);
    return keepCvOnProfile({ cvId: uploaded.id });
  });

export const useUpdateStoredCv = (userId: string) =>
  useStoredCvMutation(userId, ({ id, body }: { id: string; body: StoredCvUpdateBody }) =>
    apiFetch<StoredCv>(`/api/profile/cvs/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  );

export const useRemoveStoredCv = (userId: string) =>
  useStoredCvMutation(userId, (id: string) =>
    apiFetch<unknown>(`/api/profile/cvs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

/** A fresh signed link to one of the owner's CVs (it works for 10 minutes, decision record 23). */
export const storedCvLink = (id: string) => apiFetch<CvLink>(`/api/cvs/${encodeURIComponent(id)}/link`);
