import type { User } from '@jobboard/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/render';
import { ApiError, apiFetch } from './api';
import { queryKeys } from './query-keys';
import { createQueryClient, onSessionEnded, SIGN_IN_ATTEMPT } from './session';

const alice: User = { _id: 'u1', name: 'Alice', username: 'alice', email: 'alice@example.com', avatar: '', resume: '' };
const unauthorized = {
  status: 401,
  body: { success: false, statusCode: 401, message: 'You must be signed in to do that' },
};

describe('the session ends with any 401', () => {
  const stop: (() => void)[] = [];
  afterEach(() => stop.splice(0).forEach((fn) => fn()));

  it('a 401 from any query forgets the user and tells the app', async () => {
    mockFetch((url) => (url.startsWith('/api/job/myJobs/') ? unauthorized : undefined));
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, alice);
    client.setQueryData(queryKeys.myApplications('u1'), []);
    client.setQueryData(queryKeys.savedJobIds('u1'), { ids: ['j1'] });
    const ended = vi.fn();
    stop.push(onSessionEnded(ended));
    await expect(
      client.query({
        queryKey: queryKeys.myJobs(alice.email),
        queryFn: () => apiFetch('/api/job/myJobs/alice%40example.com'),
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(client.getQueryData(queryKeys.me)).toBeNull();
    expect(client.getQueryData(queryKeys.myApplications('u1'))).toBeUndefined();
    // What they saved is theirs: not shown to whoever signs in next on this browser.
    expect(client.getQueryData(queryKeys.savedJobIds('u1'))).toBeUndefined();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a 401 from a mutation does too, but not a wrong password at sign-in', async () => {
    mockFetch(() => unauthorized);
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, alice);
    const ended = vi.fn();
    stop.push(onSessionEnded(ended));
    const signIn = client.getMutationCache().build(client, {
      mutationFn: () => apiFetch('/api/auth/signin', { method: 'POST', body: {} }),
      meta: SIGN_IN_ATTEMPT,
    });
    await expect(signIn.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
    expect(client.getQueryData(queryKeys.me)).toEqual(alice);
    const apply = client
      .getMutationCache()
      .build(client, { mutationFn: () => apiFetch('/api/apply/apply-job', { method: 'POST', body: {} }) });
    await expect(apply.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(queryKeys.me)).toBeNull();
  });
});
