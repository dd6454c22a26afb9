import type { User } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import { changedProfileFields, isAcceptableAvatar, profileFormFromUser } from './profile-logic';

const user: User = { _id: 'u1', name: 'Alice', username: 'alice', email: 'alice@example.com', avatar: '/static/default-avatar.svg', resume: '' };

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
    expect(changedProfileFields(user, values)).toEqual({ password: 'new-password-1', avatar: '/uploads/avatars/a.webp' });
  });
});

describe('avatar file check', () => {
  it('accepts images under 2 MB only', () => {
    expect(isAcceptableAvatar({ type: 'image/png', size: 1024 })).toBe(true);
    expect(isAcceptableAvatar({ type: 'image/png', size: 2 * 1024 * 1024 })).toBe(false);
    expect(isAcceptableAvatar({ type: 'application/pdf', size: 1024 })).toBe(false);
  });
});
