import { describe, expect, it } from 'vitest';
import { pageUser, type CurrentUser, type SessionLookup } from './session.js';

const config = { secureCookies: false };
const token = 'a'.repeat(43);
const user = { id: 'u1', name: 'Lea', locale: 'de' } as CurrentUser;
const session = { authMethod: 'password' as const, startedAt: new Date() };

describe("a shell page's signed-in user (for its language)", () => {
  it("is the session cookie's user, found by the lookup", async () => {
    const lookup: SessionLookup = (asked) => Promise.resolve(asked === token ? { user, session } : undefined);
    expect(await pageUser({ cookies: { jobboard_session: token } }, config, lookup)).toBe(user);
  });

  it('is nobody without a cookie of the right shape, and no lookup is made', async () => {
    const lookup: SessionLookup = () => Promise.reject(new Error('not to be asked'));
    expect(await pageUser({ cookies: {} }, config, lookup)).toBeUndefined();
    expect(await pageUser({ cookies: { jobboard_session: 'short' } }, config, lookup)).toBeUndefined();
  });

  it('is nobody when the lookup fails (the database not answering), so the page still loads', async () => {
    const lookup: SessionLookup = () => Promise.reject(new Error('connection refused'));
    expect(await pageUser({ cookies: { jobboard_session: token } }, config, lookup)).toBeUndefined();
  });
});
