import type { ApplyForm, ApplyOptions, ApplyOptionsBody } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const jobPath = (jobId: string) => encodeURIComponent(jobId);

/** How the job takes applications and the questions it asks (GET /api/job/:id/apply-form), for anybody. */
export function useApplyFormQuery(jobId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.applyForm(jobId),
    queryFn: ({ signal }) => apiFetch<ApplyForm>(`/api/job/${jobPath(jobId)}/apply-form`, { signal }),
    enabled: enabled && Boolean(jobId),
    staleTime: 60_000,
  });
}

/** Where the Apply link of a job that takes applications on its company's site goes: counted, then sent on. */
export const applyLinkOf = (jobId: string) => `/api/job/${jobPath(jobId)}/apply-link`;

/** The job's apply options as its team edits them (undefined id: a job not posted yet). */
export function useApplyOptions(jobId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.applyOptions(jobId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<ApplyOptions>(`/api/applications/jobs/${jobPath(jobId ?? '')}/apply-options`, { signal }),
    enabled: Boolean(jobId),
  });
}

/** Saves a job's apply options (PUT): its form calls it once the job itself is saved. */
export function saveApplyOptions(jobId: string, body: ApplyOptionsBody): Promise<ApplyOptions> {
  return apiFetch<ApplyOptions>(`/api/applications/jobs/${jobPath(jobId)}/apply-options`, { method: 'PUT', body });
}

export function useSaveApplyOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, body }: { jobId: string; body: ApplyOptionsBody }) => saveApplyOptions(jobId, body),
    onSuccess: (options, { jobId }) => {
      client.setQueryData(queryKeys.applyOptions(jobId), options);
      void client.invalidateQueries({ queryKey: queryKeys.applyForm(jobId) });
    },
  });
}
