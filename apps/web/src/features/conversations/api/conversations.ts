import type { Candidate, Interview, InterviewProposal, Thread, ThreadMessage, UnreadThreads } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const base = (id: string) => `/api/applications/${encodeURIComponent(id)}`;

/** One application's thread and interviews, read again every 30 s while open (the other side may write). */
export function useThread(applicationId: string) {
  return useQuery({
    queryKey: queryKeys.applicationThread(applicationId),
    queryFn: ({ signal }) => apiFetch<Thread>(`${base(applicationId)}/thread`, { signal }),
    refetchInterval: 30_000,
  });
}

/** Says the thread was read whenever it shows more messages (POST /api/applications/:id/read). */
export function useMarkRead(applicationId: string, messages: number | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (messages === undefined) return;
    void apiFetch<UnreadThreads>(`${base(applicationId)}/read`, { method: 'POST' })
      .then((unread) => client.setQueriesData({ queryKey: ['applications', 'unread-threads'] }, unread))
      .catch(() => {});
  }, [applicationId, messages, client]);
}

/** The candidate page's application: the applicant's name, note, CV and stage history (the team's alone). */
export function useCandidate(applicationId: string) {
  return useQuery({
    queryKey: queryKeys.applicationCandidate(applicationId),
    queryFn: ({ signal }) => apiFetch<Candidate>(`${base(applicationId)}/candidate`, { signal }),
  });
}

function useThreadMutation<T, V>(applicationId: string, request: (variables: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}

export function useSendMessage(applicationId: string) {
  return useThreadMutation(applicationId, (body: string) =>
    apiFetch<ThreadMessage>(`${base(applicationId)}/messages`, { method: 'POST', body: { body } }),
  );
}

/** A new proposal, or (with `interviewId`) new times for an interview: rescheduling. */
export function useProposeInterview(applicationId: string) {
  return useThreadMutation(
    applicationId,
    ({ interviewId, ...proposal }: InterviewProposal & { interviewId?: string }) =>
      apiFetch<Interview>(
        interviewId
          ? `${base(applicationId)}/interviews/${encodeURIComponent(interviewId)}`
          : `${base(applicationId)}/interviews`,
        { method: interviewId ? 'PUT' : 'POST', body: proposal },
      ),
  );
}

export function usePickSlot(applicationId: string) {
  return useThreadMutation(applicationId, ({ interviewId, slotId }: { interviewId: string; slotId: string }) =>
    apiFetch<Interview>(`${base(applicationId)}/interviews/${encodeURIComponent(interviewId)}/pick`, {
      method: 'POST',
      body: { slotId },
    }),
  );
}

export function useCancelInterview(applicationId: string) {
  return useThreadMutation(applicationId, (interviewId: string) =>
    apiFetch<Interview>(`${base(applicationId)}/interviews/${encodeURIComponent(interviewId)}/cancel`, {
      method: 'POST',
    }),
  );
}

/** A 10-minute link to the application's CV (GET /api/applications/:id/cv-link). */
export function fetchCvLink(applicationId: string): Promise<{ url: string }> {
  return apiFetch<{ url: string }>(`${base(applicationId)}/cv-link`);
}
