import type { Job, JobCreateBody, JobUpdateBody, WriteAck } from '@jobboard/shared';
import { MESSAGES } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useJob(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.job(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Job>(`/api/job/all-jobs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** The signed-in user's own jobs. On failure the list stays in its loading state (docs/product.md, "States"). */
export function useMyJobs(email: string | undefined) {
  return useQuery({
    queryKey: queryKeys.myJobs(email ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<Job[]>(`/api/job/myJobs/${encodeURIComponent(email ?? '')}`, { signal });
      } catch (error) {
        console.error(MESSAGES.logFetchJobs, error);
        throw error;
      }
    },
    enabled: Boolean(email),
  });
}

function useInvalidateJobs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.jobs });
}

/**
 * A random UUID for the Idempotency-Key of one Post a Job form (crypto.randomUUID needs a secure context; the
 * random bytes do not).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Posts a job with its form's idempotency key: the same key sent again (a retry) answers the job already created. */
export function useCreateJob() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: JobCreateBody; idempotencyKey: string }) =>
      apiFetch<WriteAck>('/api/job/post-job', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: invalidate,
    onError: (error) => console.error(MESSAGES.logCreateJob, error),
  });
}

export function useUpdateJob(id: string) {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: (body: JobUpdateBody) =>
      apiFetch<WriteAck>(`/api/job/update-job/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
    onError: (error) => console.error(MESSAGES.logUpdateJob, error),
  });
}

export function useDeleteJob() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: (id: string) => apiFetch<WriteAck>(`/api/job/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
    onError: (error) => console.error(MESSAGES.logDeleteJob, error),
  });
}

/** Close, reopen or renew one of the poster's jobs (PATCH with status and, for a renewal, a new closing date). */
export function useSetJobStatus() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; title: string; body: Pick<JobUpdateBody, 'status' | 'validThrough'> }) =>
      apiFetch<WriteAck>(`/api/job/update-job/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
    onError: (error) => console.error(MESSAGES.logUpdateJob, error),
  });
}
