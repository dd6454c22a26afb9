import type { User, UserUpdateBody } from '@jobboard/shared';
import { AVATAR_MAX_BYTES } from '@jobboard/shared';

export interface ProfileFormValues {
  name: string;
  username: string;
  email: string;
  password: string;
  /** Proves it is the owner who changes the password or the e-mail (the server asks for it then). */
  currentPassword: string;
  resume: string;
  avatar: string;
}

export function profileFormFromUser(user: User): ProfileFormValues {
  return {
    name: user.name,
    username: user.username,
    email: user.email,
    password: '',
    currentPassword: '',
    resume: user.resume,
    avatar: user.avatar,
  };
}

/** Only the fields that changed are sent (docs/product.md, "API calls"); an empty password means "keep it". */
export function changedProfileFields(user: User, values: ProfileFormValues): UserUpdateBody {
  const body: UserUpdateBody = {};
  if (values.name !== user.name) body.name = values.name;
  if (values.username !== user.username) body.username = values.username;
  if (values.email !== user.email) body.email = values.email;
  if (values.password !== '') body.password = values.password;
  if (values.resume !== user.resume) body.resume = values.resume;
  if (values.avatar !== user.avatar) body.avatar = values.avatar;
  if ((body.password !== undefined || body.email !== undefined) && values.currentPassword !== '')
    body.currentPassword = values.currentPassword;
  return body;
}

/**
 * A new password or another e-mail needs the current password (docs/product.md, "Screens"; the server
 * enforces it). An account without a password (Google only) is told by the server to sign in with Google again.
 */
export function needsCurrentPassword(user: User, values: ProfileFormValues): boolean {
  return values.password !== '' || values.email !== user.email;
}

/** Spec section 5: image files only, under 2 MB. */
export function isAcceptableAvatar(file: { type: string; size: number }): boolean {
  return file.type.startsWith('image/') && file.size < AVATAR_MAX_BYTES;
}
