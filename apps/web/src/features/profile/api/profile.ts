import type { MessageBody, User, UserUpdateBody } from '@jobboard/shared';
import { apiFetch, ApiError } from '../../../lib/api';

export const updateUserRequest = (userId: string, body: UserUpdateBody) =>
  apiFetch<User>(`/api/user/update/${encodeURIComponent(userId)}`, { method: 'POST', body });

export const deleteUserRequest = (userId: string) =>
  apiFetch<MessageBody>(`/api/user/delete/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const signOutRequest = () => apiFetch<MessageBody>('/api/auth/signout', { method: 'POST' });

/**
 * Multipart upload of an avatar (field `file`) with XMLHttpRequest, because fetch reports no upload
 * progress. Resolves with the stored image URL.
 */
export function uploadAvatar(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload/avatar');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    // The server's CSRF guard wants this header on multipart requests (a cross-site form cannot set it).
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body: unknown = xhr.response;
      const url = typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
      if (xhr.status >= 200 && xhr.status < 300 && typeof url === 'string') resolve(url);
      else {
        const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
        reject(new ApiError(xhr.status, typeof message === 'string' ? message : 'Upload failed'));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'Upload failed')));
    const data = new FormData();
    data.append('file', file);
    xhr.send(data);
  });
}
