import type { ScreeningAnswers, WriteAck } from '@jobboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { SESSION_END_SHOWN_HERE } from '../../../lib/session';

export { CvUploadError, uploadCv } from '../../../lib/cv-upload';

export interface ApplyInput {
  job: string;
  user: string;
  coverNote?: string;
  cvId?: string;
  answers?: ScreeningAnswers;
  screeningVersion?: number;
}

/**
 * The spec's apply call, with the optional note and CV beside its fields. Made for the user the dialog shows
 * (X-Expected-User), and a session that ended is told by the dialog, which keeps the draft.
 */
export function useApplyWithMaterials() {
  const client = useQueryClient();
  return useMutation({
    meta: SESSION_END_SHOWN_HERE,
    mutationFn: (body: ApplyInput) =>
      apiFetch<WriteAck>('/api/apply/apply-job', { method: 'POST', body, expectedUser: body.user }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
