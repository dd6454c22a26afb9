import { AVATAR_MAX_BYTES } from '@jobboard/shared';
import { ApiError } from './api';

/** The upload itself failed (as opposed to saving its URL in a profile or company afterwards). */
export class ImageUploadError extends ApiError {}

/** What the server accepts (it checks the bytes again): an image under the avatar's 2 MB. */
export function isAcceptableImage(file: { type: string; size: number }): boolean {
  return file.type.startsWith('image/') && file.size < AVATAR_MAX_BYTES;
}

/**
 * Multipart upload of an image (field `file`) to `/api/upload/avatar`, `/logo` or `/cover`, with XMLHttpRequest
 * because fetch reports no upload progress. Resolves with the stored image URL.
 */
export function uploadImage(
  kind: 'avatar' | 'logo' | 'cover',
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/upload/${kind}`);
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
        reject(new ImageUploadError(xhr.status, typeof message === 'string' ? message : 'Upload failed'));
      }
    });
    xhr.addEventListener('error', () => reject(new ImageUploadError(0, 'Upload failed')));
    const data = new FormData();
    data.append('file', file);
    xhr.send(data);
  });
}
