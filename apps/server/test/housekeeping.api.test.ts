import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scheduleExpirySweep, sweepExpired } from '../src/modules/housekeeping/housekeeping.js';
import { hashToken, SESSION_IDLE_MS } from '../src/modules/sessions/sessions.repository.js';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type SignedInUser, type TestApp } from './helpers.js';

const HOUR = 60 * 60 * 1000;

async function sessionCount(t: TestApp): Promise<number> {
  return (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0]?.n ?? -1;
}

/** Plants a session row directly, as an old browser would have left it. */
async function plantSession(t: TestApp, userId: string, expiresAt: Date, lastSeenAt: Date): Promise<Buffer> {
  const rows = await t.db.query<{ token_hash: Buffer }>(
    'INSERT INTO sessions (token_hash, user_id, expires_at, last_seen_at) VALUES ($1, $2, $3, $4) RETURNING token_hash',
    [hashToken(randomBytes(32).toString('base64url')), userId, expiresAt, lastSeenAt],
  );
  if (rows.length !== 1 || !rows[0]) throw new Error('the session was not planted');
  return rows[0].token_hash;
}

describeEachDb('housekeeping', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp(kind, { housekeepingIntervalMs: 0 });
    user = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes sessions past their absolute or idle limit and unfinished Google sign-ins, and nothing live', async () => {
    const now = Date.now();
    await plantSession(t, user.user._id, new Date(now - HOUR), new Date(now - 2 * HOUR)); // past its absolute limit
    await plantSession(t, user.user._id, new Date(now + 10 * 24 * HOUR), new Date(now - SESSION_IDLE_MS - HOUR)); // idle
    await t.db.query(
      "INSERT INTO oidc_flows (state_hash, code_verifier, nonce, created_at) VALUES ('\\x01', 'v', 'n', now() - interval '1 hour')",
    );
    await t.db.query("INSERT INTO oidc_flows (state_hash, code_verifier, nonce) VALUES ('\\x02', 'v', 'n')");
    expect(await sessionCount(t)).toBe(3);

    const result = await sweepExpired(t.db);
    expect(result).toEqual({
      ran: true,
      sessions: 2,
      oidcFlows: 1,
      accountTokens: 0,
      jobChanges: 0,
      webhookDeliveries: 0,
    });
    expect(await sessionCount(t)).toBe(1);
    const flows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oidc_flows');
    expect(flows[0]?.n).toBe(1);
    // The live session still works.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('deletes webhook deliveries finished more than 30 days ago, and keeps newer and pending ones', async () => {
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: user.cookie },
      payload: { name: `Swept ${kind}` },
    });
    const [hook] = await t.db.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (company_id, url, events, secret) VALUES ($1, 'https://h.example/x', '{job.closed}', 's')
       RETURNING id`,
      [company.json<{ id: string }>().id],
    );
    const plant = (delivered: string | null, failed: string | null) =>
      t.db.query(
        `INSERT INTO webhook_deliveries (endpoint_id, event, payload, delivered_at, failed_at)
         VALUES ($1, 'job.closed', '{}', now() - $2::interval, now() - $3::interval)`,
        [hook?.id, delivered, failed],
      );
    await plant('31 days', null); // delivered long ago: goes
    await plant(null, '40 days'); // given up long ago: goes
    await plant('29 days', null); // delivered within the month: stays
    await plant(null, null); // still pending: stays
    const result = await sweepExpired(t.db);
    expect(result.webhookDeliveries).toBe(2);
    const left = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries');
    expect(left[0]?.n).toBe(2);
  });

  it('runs on its own on a schedule', async () => {
    const scheduled = await buildTestApp(kind, { housekeepingIntervalMs: 50 });
    try {
      const someone = await signUpAndSignIn(scheduled.app);
      // The schedule may run before this test looks again (every 50 ms): the planted row is followed by its hash.
      const planted = await plantSession(
        scheduled,
        someone.user._id,
        new Date(Date.now() - HOUR),
        new Date(Date.now() - HOUR),
      );
      const plantedLeft = async () =>
        (
          await scheduled.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1', [
            planted,
          ])
        )[0]?.n;
      const deadline = Date.now() + 5_000;
      while ((await plantedLeft()) !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(await plantedLeft()).toBe(0);
      // Only the expired one went: the live session is the one left.
      expect(await sessionCount(scheduled)).toBe(1);
    } finally {
      await scheduled.close();
    }
  });

  it('marks jobs past their closing date expired on its own schedule, and says so once some were', async () => {
    const job = await postJob(t.app, user.cookie, { jobTitle: 'Sweep Probe' });
    await t.db.query('UPDATE jobs SET valid_through = CURRENT_DATE - 1 WHERE id = $1', [job]);
    const statusOf = async () =>
      (await t.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job]))[0]?.status;
    expect(await statusOf()).toBe('open');
    let told = 0;
    const sweep = scheduleExpirySweep(t.db, t.app.log, () => (told += 1), 50);
    try {
      const deadline = Date.now() + 5_000;
      while ((await statusOf()) !== 'expired' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(await statusOf()).toBe('expired');
      await new Promise((r) => setTimeout(r, 200));
      // Told of the one sweep that expired something, not of the empty ones after it.
      expect(told).toBe(1);
    } finally {
      sweep.stop();
    }
  });
});
