import { CV_MESSAGES, type CvUpload, type ScreeningAnswers, type WriteAck } from '@jobboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { SESSION_END_SHOWN_HERE } from '../../../lib/session';

/** The CV upload failed (as opposed to the application sent after it). */
export class CvUploadError extends ApiError {}

/**
 * Multipart upload of a CV (field `cv`) with XMLHttpRequest, because fetch reports no upload progress.
 * Resolves with the stored CV; the server decides the type from the bytes (decision record 23).
 */
export function uploadCv(file: File, onProgress: (percent: number) => void, expectedUser?: string): Promise<CvUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload/cv');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    if (expectedUser) xhr.setRequestHeader('X-Expected-User', expectedUser);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body: unknown = xhr.response;
      const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (xhr.status >= 200 && xhr.status < 300 && typeof record.id === 'string')
        resolve(record as unknown as CvUpload);
      else {
        const message = typeof record.message === 'string' ? record.message : CV_MESSAGES.wrongType;
        reject(new CvUploadError(xhr.status, message));
      }
    });
    xhr.addEventListener('error', () =>
      reject(new CvUploadError(0, 'cv: The upload failed: check your connection and try again')),
    );
    const data = new FormData();
    data.append('cv', file);
    xhr.send(data);
  });
}

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
