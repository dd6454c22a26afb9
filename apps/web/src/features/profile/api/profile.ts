import type { Account, MessageBody, UserUpdateBody } from '@jobboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { uploadImage } from '../../../lib/image-upload';
import { queryKeys } from '../../../lib/query-keys';
import { signOutTo } from '../../../lib/session';

export const updateUserRequest = (userId: string, body: UserUpdateBody) =>
  apiFetch<Account>(`/api/user/update/${encodeURIComponent(userId)}`, { method: 'POST', body });

/** The current password proves the owner is at the keyboard (empty: an account without one, after a Google sign-in). */
export const deleteUserRequest = (userId: string, currentPassword: string) =>
  apiFetch<MessageBody>(`/api/user/delete/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    body: currentPassword ? { currentPassword } : {},
  });

export const signOutRequest = () => apiFetch<MessageBody>('/api/auth/signout', { method: 'POST' });

export { ImageUploadError as AvatarUploadError } from '../../../lib/image-upload';

export const uploadAvatar = (file: File, onProgress: (percent: number) => void) =>
  uploadImage('avatar', file, onProgress);

/**
 * Profile update: the answer is the account, which becomes the signed-in user everywhere. A new e-mail is not
 * the address yet: the answer keeps `email` and names the new one in `pendingEmail` until its link is followed.
 */
export function useUpdateUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => updateUserRequest(userId, body),
    onSuccess: (user) => client.setQueryData(queryKeys.me, user),
  });
}

/**
 * A new avatar is saved as soon as it is uploaded (upload, then the profile update with its URL): nothing
 * is lost when the person leaves without pressing Update.
 */
export function useSaveAvatar(userId: string, onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => updateUserRequest(userId, { avatar: await uploadAvatar(file, onProgress) }),
    onSuccess: (user) => client.setQueryData(queryKeys.me, user),
  });
}

/** Account deletion: nobody is signed in any more, and the app goes home (docs/product.md, "States"). */
export function useDeleteUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) => deleteUserRequest(userId, currentPassword),
    onSuccess: () => signOutTo(client, '/'),
  });
}

/** Sign out: nobody is signed in any more, and the app goes to the sign-in screen. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({ mutationFn: signOutRequest, onSuccess: () => signOutTo(client, '/sign-in') });
}
