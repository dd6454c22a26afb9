import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@jobboard/shared';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  postJob,
  signInAs,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/**
 * Issue 29, major 2: a tab sends the id of the user it shows as X-Expected-User with its state-changing calls; a
 * session that is now another account's (signed in elsewhere in the same browser) is refused with 409, not used.
 */
describeEachDb('X-Expected-User', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;
  let bob: SignedInUser;
  let dan: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    poster = await signUpAndSignIn(t.app);
    bob = await signUpAndSignIn(t.app);
    dan = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = (cookie: string, jobId: string, expected?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/saved-jobs/${jobId}`,
      headers: { cookie, ...(expected === undefined ? {} : { 'x-expected-user': expected }) },
    });
  const savedBy = async (person: SignedInUser, jobId: string) =>
    (await t.db.query('SELECT 1 FROM saved_jobs WHERE user_id = $1 AND job_id = $2', [person.user._id, jobId]))
      .length === 1;

  it('lets a call through when the session is the expected user', async () => {
    const job = await postJob(t.app, poster.cookie);
    expect((await save(bob.cookie, job, bob.user._id)).statusCode).toBe(200);
    expect(await savedBy(bob, job)).toBe(true);
  });

  it("refuses with 409 and its message when the session is another account's, changing nothing", async () => {
    const job = await postJob(t.app, poster.cookie);
    // The tab shows Bob; the browser's cookie is now Dan's.
    expect(expectErrorShape(await save(dan.cookie, job, bob.user._id), 409)).toBe(MESSAGES.signedInElsewhere);
    expect(await savedBy(dan, job)).toBe(false);
    // Refused before the body is read: even an invalid apply body hears the 409.
    const apply = await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: { cookie: dan.cookie, 'x-expected-user': bob.user._id },
      payload: { jobId: job, coverNote: 42 },
    });
    expect(expectErrorShape(apply, 409)).toBe(MESSAGES.signedInElsewhere);
  });

  it('keeps working without the header (old clients), and on reads', async () => {
    const job = await postJob(t.app, poster.cookie);
    expect((await save(dan.cookie, job)).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: dan.cookie, 'x-expected-user': bob.user._id },
    });
    expect(me.statusCode).toBe(200);
  });

  it('does not check the calls that choose who is signed in, and leaves a missing session to the 401', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { cookie: dan.cookie, 'x-expected-user': bob.user._id },
      payload: { email: bob.user.email, password: bob.password },
    });
    expect(signIn.statusCode).toBe(200);
    const again = await signInAs(t.app, dan.user.email, dan.password);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: again.cookie, 'x-expected-user': bob.user._id },
    });
    expect(signOut.statusCode).toBe(200);
    const job = await postJob(t.app, poster.cookie);
    expect(expectErrorShape(await save('', job, bob.user._id), 401)).toBe(MESSAGES.notSignedIn);
  });
});
