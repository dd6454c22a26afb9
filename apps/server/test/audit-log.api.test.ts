import { afterAll, beforeAll, expect, it } from 'vitest';
import { setAdministrator } from '../src/modules/accounts/administrators.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

interface Entry {
  adminEmail: string;
  action: string;
  targetId: string | null;
  targetLabel: string;
  reason: string;
}

describeEachDb('the audit log (issue 34 item 1)', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let poster: SignedInUser;
  let seeker: SignedInUser;
  const adminEmail = `audit-admin-${kind}@example.com`;
  const as = (person?: SignedInUser) => (person ? { cookie: person.cookie } : {});
  const post = (person: SignedInUser, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: as(person), ...(payload ? { payload } : {}) });
  const log = async (query = '') => {
    const response = await t.app.inject({ url: `/api/admin/audit${query}`, headers: as(admin) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Entry[]; total: number }>();
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { adminEmails: [adminEmail] });
    [admin, poster, seeker] = await Promise.all([
      signUpAndSignIn(t.app, { email: adminEmail }),
      signUpAndSignIn(t.app),
      signUpAndSignIn(t.app),
    ]);
  });
  afterAll(async () => t?.close());

  it('records each decision with who, what, the target as it was, and why; newest first; old clients need no reason', async () => {
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Audited Role' });
    expect((await post(admin, `/api/admin/jobs/${job}/hide`, { reason: 'Asks for a fee' })).statusCode).toBe(200);
    expect((await post(admin, `/api/admin/jobs/${job}/approve`, { reason: 'Fee removed' })).statusCode).toBe(200);
    expect(
      (await post(admin, `/api/admin/users/${seeker.user._id}/ban`, { reason: 'Spam, "many", lines\nand =1+1' }))
        .statusCode,
    ).toBe(200);
    // The spec-era call, with no body at all, still works.
    const unban = await post(admin, `/api/admin/users/${seeker.user._id}/unban`);
    expect(unban.statusCode, unban.body).toBe(200);
    const { items, total } = await log();
    expect(total).toBe(4);
    expect(items.map((entry) => [entry.action, entry.targetLabel, entry.reason])).toEqual([
      ['user.unban', seeker.user.email, ''],
      ['user.ban', seeker.user.email, 'Spam, "many", lines\nand =1+1'],
      ['job.approve', 'Audited Role', 'Fee removed'],
      ['job.hide', 'Audited Role', 'Asks for a fee'],
    ]);
    expect(new Set(items.map((entry) => entry.adminEmail))).toEqual(new Set([adminEmail]));
    expect((await log('?action=user.ban')).items.map((entry) => entry.action)).toEqual(['user.ban']);
    expect((await log(`?admin=AUDIT-ADMIN-${kind}`)).total).toBe(4);
    expect((await log('?admin=nobody')).total).toBe(0);
    const aboutSeeker = await log(`?target=${encodeURIComponent(seeker.user.email.toUpperCase())}`);
    expect(aboutSeeker.items.map((entry) => entry.action)).toEqual(['user.unban', 'user.ban']);
    expect((await log('?target=audited%20role')).items.map((entry) => entry.action)).toEqual([
      'job.approve',
      'job.hide',
    ]);
  });

  it('exports CSV a spreadsheet reads as text: quoted commas, quotes and newlines, no formulas', async () => {
    const response = await t.app.inject({ url: '/api/admin/audit.csv?action=user.ban', headers: as(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row, end] = response.body.split(/\r\n(?=[^\r\n]*,|$)/);
    expect(header).toBe('at,admin,action,target_id,target,reason');
    expect(row).toMatch(new RegExp(`^\\d{4}-[^,]+,${adminEmail},user\\.ban,${seeker.user._id},${seeker.user.email},`));
    expect(row?.endsWith(',"Spam, ""many"", lines\nand =1+1"')).toBe(true);
    expect(end).toBe('');
    const formula = await post(admin, `/api/admin/users/${seeker.user._id}/ban`, { reason: '=HYPERLINK("http://x")' });
    expect(formula.statusCode).toBe(200);
    const csv = (await t.app.inject({ url: '/api/admin/audit.csv?action=user.ban', headers: as(admin) })).body;
    expect(csv).toContain(`,"'=HYPERLINK(""http://x"")"`);
    await post(admin, `/api/admin/users/${seeker.user._id}/unban`, { reason: 'appeal' });
  });

  it('is for administrators only, answers bad filters with 400, and cannot be rewritten', async () => {
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv']) {
      expectErrorShape(await t.app.inject({ url }), 401);
      expectErrorShape(await t.app.inject({ url, headers: as(poster) }), 403);
    }
    expect(
      expectErrorShape(await t.app.inject({ url: '/api/admin/audit?action=drop', headers: as(admin) }), 400),
    ).toMatch(/^action/);
    await expect(t.db.query(`UPDATE admin_actions SET reason = 'rewritten'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM admin_actions')).rejects.toThrow(/append-only/);
    // A refused decision (an administrator cannot be banned) leaves no line.
    const before = (await log()).total;
    expect((await post(admin, `/api/admin/users/${admin.user._id}/ban`, { reason: 'self' })).statusCode).toBe(409);
    expect((await log()).total).toBe(before);
  });

  it('records role changes made with npm run admin, by the operator', async () => {
    const person = await signUpAndSignIn(t.app);
    await setAdministrator(t.db, person.user.email, true, 'npm run admin (ops)');
    await setAdministrator(t.db, person.user.email, false, 'npm run admin (ops)');
    const { items } = await log('?admin=npm run admin');
    expect(items.slice(0, 2).map((entry) => [entry.action, entry.targetLabel, entry.adminEmail])).toEqual([
      ['admin.revoke', person.user.email, 'npm run admin (ops)'],
      ['admin.grant', person.user.email, 'npm run admin (ops)'],
    ]);
  });
});
