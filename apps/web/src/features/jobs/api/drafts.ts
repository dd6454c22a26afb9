import type { JobDraft, JobDraftPayload, MessageBody } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in poster's drafts of Post a Job, last changed first. */
export function useMyDrafts(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.myDrafts(userId ?? ''),
    queryFn: ({ signal }) => apiFetch<JobDraft[]>('/api/job-drafts', { signal }),
    enabled: Boolean(userId),
  });
}

/** One draft, to resume it in the form. */
export function useDraft(id: string) {
  return useQuery({
    queryKey: queryKeys.draft(id),
    queryFn: ({ signal }) => apiFetch<JobDraft>(`/api/job-drafts/${encodeURIComponent(id)}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Saves the form as a draft: a new one, or the one it was resumed from (`id`). */
export function useSaveDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string | undefined; payload: JobDraftPayload }) =>
      id
        ? apiFetch<JobDraft>(`/api/job-drafts/${encodeURIComponent(id)}`, { method: 'PUT', body: { payload } })
        : apiFetch<JobDraft>('/api/job-drafts', { method: 'POST', body: { payload } }),
    onSuccess: (draft) => {
      client.setQueryData(queryKeys.draft(draft.id), draft);
      return client.invalidateQueries({ queryKey: queryKeys.drafts });
    },
  });
}

export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<MessageBody>(`/api/job-drafts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.drafts }),
  });
}
