import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openPglite } from '../src/db/client.js';
import { setAdministrator } from '../src/modules/accounts/administrators.js';
import { serverRoot } from '../src/paths.js';
import { buildTestApp, describeEachDb, signInAs, signUpAndSignIn, type TestApp } from './helpers.js';

async function isAdministrator(t: Pick<TestApp, 'app'>, cookie: string): Promise<boolean> {
  const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
  const queue = await t.app.inject({ url: '/api/admin/queue', headers: { cookie } });
  expect(queue.statusCode).toBe(me.json<{ isAdmin?: boolean }>().isAdmin ? 200 : 403);
  return me.json<{ isAdmin?: boolean }>().isAdmin === true;
}

describeEachDb('administrators granted in the database (issue 34 item 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { adminEmails: ['listed@example.com'] });
  });
  afterAll(async () => t?.close());

  it('grant makes a confirmed account an administrator at its next request; revoke takes it back', async () => {
    const person = await signUpAndSignIn(t.app);
    expect(await isAdministrator(t, person.cookie)).toBe(false);
    expect(await setAdministrator(t.db, person.user.email.toUpperCase(), true)).toEqual({
      outcome: 'granted',
      email: person.user.email,
    });
    expect(await isAdministrator(t, person.cookie)).toBe(true);
    expect((await setAdministrator(t.db, person.user.email, true)).outcome).toBe('unchanged');
    expect((await setAdministrator(t.db, person.user.email, false)).outcome).toBe('revoked');
    expect(await isAdministrator(t, person.cookie)).toBe(false);
  });

  it('refuses an unconfirmed address (it may be a squatter) and an unknown one; ADMIN_EMAILS still works', async () => {
    const squatter = await signUpAndSignIn(t.app, {}, { verified: false });
    expect((await setAdministrator(t.db, squatter.user.email, true)).outcome).toBe('unverified');
    expect(await isAdministrator(t, squatter.cookie)).toBe(false);
    expect((await setAdministrator(t.db, 'nobody@example.com', true)).outcome).toBe('no-account');
    const listed = await signUpAndSignIn(t.app, { email: 'listed@example.com' });
    expect(await isAdministrator(t, listed.cookie)).toBe(true);
    // Revoking in the database leaves the environment's list in force.
    expect((await setAdministrator(t.db, 'listed@example.com', false)).outcome).toBe('unchanged');
    expect(await isAdministrator(t, listed.cookie)).toBe(true);
  });

  it('an administrator granted in the database cannot be banned by another', async () => {
    const granted = await signUpAndSignIn(t.app);
    await setAdministrator(t.db, granted.user.email, true);
    const other = await signUpAndSignIn(t.app);
    await setAdministrator(t.db, other.user.email, true);
    const ban = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${granted.user._id}/ban`,
      headers: { cookie: other.cookie },
      payload: { reason: 'testing' },
    });
    expect(ban.statusCode).toBe(409);
  });
});

describe('npm run admin on a fresh install', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-admin-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** The command as an operator runs it, on the embedded database in `dataDir`. */
  function admin(...args: string[]) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      PUBLIC_URL: 'https://jobs.example',
    };
    delete env.DATABASE_URL;
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/admin-cli.ts'), ...args], {
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { status: run.status, out: `${run.stdout}${run.stderr}` };
  }

  it('creates the first administrator, who sets a password with the printed link and can moderate', async () => {
    expect(admin('create').status).toBe(2);
    expect(admin('create', 'boss@example.com')).toMatchObject({ status: 1, out: expect.stringMatching(/^Name /m) });
    const created = admin('create', 'boss@example.com', '--name', 'Bo Boss', '--username', 'boss');
    expect(created.status).toBe(0);
    const link = /https:\/\/jobs\.example\/reset-password\?token=([\w-]+)/.exec(created.out);
    expect(link).not.toBeNull();
    expect(admin('list')).toMatchObject({ status: 0, out: expect.stringContaining('boss@example.com\tBo Boss') });
    expect(admin('grant', 'nobody@example.com')).toMatchObject({
      status: 1,
      out: expect.stringContaining('no account'),
    });

    const db = await openPglite(dataDir);
    const app = await buildApp({ db, config: testConfig({ dataDir }) });
    try {
      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: link?.[1], password: 'a long first password' },
      });
      expect(reset.statusCode).toBe(200);
      const boss = await signInAs(app, 'boss@example.com', 'a long first password');
      expect(await isAdministrator({ app }, boss.cookie)).toBe(true);
    } finally {
      await app.close();
      await db.close();
    }
    expect(admin('revoke', 'boss@example.com')).toMatchObject({ status: 0, out: expect.stringContaining('no longer') });
  }, 300_000);
});
