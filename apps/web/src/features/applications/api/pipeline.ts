import { TABLE_PAGE_SIZE } from '@jobboard/shared';
import type {
  ApplicationStage,
  BulkStageResult,
  Note,
  NoteDeletion,
  Notes,
  ResponsesPage,
  StageChange,
  StageOptions,
  Withdrawal,
} from '@jobboard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The Responses page's filters, as the URL carries them (`?job=&stage=&page=&pageSize=`). */
export interface ResponsesFilters {
  job: string;
  stage: ApplicationStage | '';
  page: number;
  /** Rows per page: 4 (the spec's) unless 10 or 25 were chosen. */
  pageSize: number;
}

export function responsesQueryString({ job, stage, page, pageSize }: ResponsesFilters): string {
  const params = new URLSearchParams();
  if (job) params.set('job', job);
  if (stage) params.set('stage', stage);
  if (page > 1) params.set('page', String(page));
  if (pageSize !== TABLE_PAGE_SIZE) params.set('pageSize', String(pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the applications to the jobs the user manages (GET /api/applications/responses). */
export function useResponsesPage(userId: string | undefined, filters: ResponsesFilters) {
  const query = responsesQueryString(filters);
  return useQuery({
    queryKey: queryKeys.responsesPage(userId ?? '', query),
    queryFn: ({ signal }) => apiFetch<ResponsesPage>(`/api/applications/responses${query}`, { signal }),
    enabled: Boolean(userId),
    // The table keeps its rows while the next page or filter loads, instead of flashing the spinner.
    placeholderData: keepPreviousData,
  });
}

/** Moves an application; every list of applications is read again (Responses, Applied Jobs, the old table). */
export function useChangeStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      stage,
      message,
      customStageId,
    }: {
      id: string;
      stage: ApplicationStage;
      message?: string;
      customStageId?: string;
    }) =>
      apiFetch<StageChange>(`/api/applications/${encodeURIComponent(id)}/stage`, {
        method: 'PATCH',
        body: { stage, ...(message ? { message } : {}), ...(customStageId ? { customStageId } : {}) },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}

/** Takes the application's latest move back while its e-mail still waits (POST /api/applications/:id/stage/undo). */
export function useUndoStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<StageChange>(`/api/applications/${encodeURIComponent(id)}/stage/undo`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}

export function useNotes(applicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.applicationNotes(applicationId),
    queryFn: ({ signal }) =>
      apiFetch<Notes>(`/api/applications/${encodeURIComponent(applicationId)}/notes`, { signal }),
    enabled,
  });
}

export function useAddNote(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiFetch<Note>(`/api/applications/${encodeURIComponent(applicationId)}/notes`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: (note) => {
      client.setQueryData<Notes>(queryKeys.applicationNotes(applicationId), (old) => ({
        items: [...(old?.items ?? []), note],
      }));
      // The row's note count.
      void client.invalidateQueries({ queryKey: [...queryKeys.applications, 'responses'] });
    },
  });
}

/** The author changes one of their notes. */
export function useEditNote(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiFetch<Note>(`/api/applications/${encodeURIComponent(applicationId)}/notes/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { body },
      }),
    onSuccess: (note) => {
      client.setQueryData<Notes>(queryKeys.applicationNotes(applicationId), (old) => ({
        items: (old?.items ?? []).map((n) => (n.id === note.id ? note : n)),
      }));
    },
  });
}

/** The author deletes one of their notes. */
export function useDeleteNote(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<NoteDeletion>(`/api/applications/${encodeURIComponent(applicationId)}/notes/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: ({ id }) => {
      client.setQueryData<Notes>(queryKeys.applicationNotes(applicationId), (old) => ({
        items: (old?.items ?? []).filter((n) => n.id !== id),
      }));
      // The row's note count.
      void client.invalidateQueries({ queryKey: [...queryKeys.applications, 'responses'] });
    },
  });
}

/** The applicant withdraws one of their applications. */
export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) =>
      apiFetch<Withdrawal>(`/api/applications/${encodeURIComponent(applicationId)}/withdraw`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}

/** Several applications to one stage in one request (issue 33); each item says whether it moved. */
export function useBulkStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; stage: ApplicationStage; message?: string }) =>
      apiFetch<BulkStageResult>('/api/applications/bulk-stage', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}

/** The company's own stages and each mailed stage's default message, for one application's move dialog. */
export function useStageOptions(applicationId: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.applications, 'stage-options', applicationId ?? ''],
    queryFn: ({ signal }) =>
      apiFetch<StageOptions>(`/api/applications/${encodeURIComponent(applicationId ?? '')}/stage-options`, { signal }),
    enabled: Boolean(applicationId),
    staleTime: 60_000,
  });
}
