import type { User } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import { changedProfileFields, isAcceptableAvatar, needsCurrentPassword, profileFormFromUser } from './profile-logic';

const user: User = {
  _id: 'u1',
  name: 'Alice',
  username: 'alice',
  email: 'alice@example.com',
  avatar: '/static/default-avatar.svg',
  resume: '',
};

describe('profile update sends only changed fields', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedProfileFields(user, profileFormFromUser(user))).toEqual({});
  });
  it('sends just the changed ones', () => {
    const values = { ...profileFormFromUser(user), name: 'Alice B', resume: 'https://cv.example.com/alice.pdf' };
    expect(changedProfileFields(user, values)).toEqual({ name: 'Alice B', resume: 'https://cv.example.com/alice.pdf' });
  });
  it('sends a password only when one was typed, and a new avatar URL', () => {
    const values = { ...profileFormFromUser(user), password: 'new-password-1', avatar: '/uploads/avatars/a.webp' };
    expect(changedProfileFields(user, values)).toEqual({
      password: 'new-password-1',
      avatar: '/uploads/avatars/a.webp',
    });
  });
});

describe('the current password goes with a new password or e-mail', () => {
  it('is sent with a new password or a new e-mail, when typed', () => {
    const base = { ...profileFormFromUser(user), currentPassword: 'old-password' };
    expect(changedProfileFields(user, { ...base, password: 'new-password-1' })).toEqual({
      password: 'new-password-1',
      currentPassword: 'old-password',
    });
    expect(changedProfileFields(user, { ...base, email: 'a2@example.com' })).toEqual({
      email: 'a2@example.com',
      currentPassword: 'old-password',
    });
  });
  it('is not sent with other changes, nor when empty', () => {
    const base = { ...profileFormFromUser(user), currentPassword: 'old-password' };
    expect(changedProfileFields(user, { ...base, name: 'Alice B' })).toEqual({ name: 'Alice B' });
    expect(changedProfileFields(user, { ...profileFormFromUser(user), password: 'new-password-1' })).toEqual({
      password: 'new-password-1',
    });
  });
  it('is asked for exactly when the password or e-mail changed', () => {
    expect(needsCurrentPassword(user, profileFormFromUser(user))).toBe(false);
    expect(needsCurrentPassword(user, { ...profileFormFromUser(user), resume: 'https://x.example/cv' })).toBe(false);
    expect(needsCurrentPassword(user, { ...profileFormFromUser(user), password: 'p' })).toBe(true);
    expect(needsCurrentPassword(user, { ...profileFormFromUser(user), email: 'a2@example.com' })).toBe(true);
  });
});

describe('avatar file check', () => {
  it('accepts images under 2 MB only', () => {
    expect(isAcceptableAvatar({ type: 'image/png', size: 1024 })).toBe(true);
    expect(isAcceptableAvatar({ type: 'image/png', size: 2 * 1024 * 1024 })).toBe(false);
    expect(isAcceptableAvatar({ type: 'application/pdf', size: 1024 })).toBe(false);
  });
});
