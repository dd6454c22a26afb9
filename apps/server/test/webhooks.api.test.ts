import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { WebhookSender, type WebhookSenderOptions } from '../src/modules/webhooks/webhook-sender.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback: records every request; answers `failures` times 500 first, then 200. */
function receiver() {
  const received: Received[] = [];
  const state = { failures: 0, hang: false };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      if (state.hang) return;
      if (state.failures > 0) {
        state.failures -= 1;
        response.writeHead(500).end('receiver down');
      } else response.writeHead(200).end('thanks');
    });
  });
  return { server, received, state };
}

/** The documented check: HMAC-SHA256 with the endpoint's secret over "<t>.<raw body>", compared with v1. */
function verifies(secret: string, header: string | string[] | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) return false;
  return createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex') === match[2];
}

describeEachDb('webhooks (issue 36 item 3)', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let seeker: SignedInUser;
  let company: { id: string; slug: string };
  const hook = receiver();
  let base = '';
  const options: WebhookSenderOptions = {
    pollMs: 1_000_000,
    // Long enough that a busy machine's round trips between two rounds do not outlast it ("not due yet").
    retryBaseMs: 400,
    maxAttempts: 3,
    timeoutMs: 400,
    allowedHosts: ['127.0.0.1'],
  };
  const sender = () => new WebhookSender(t.db, t.app.log, options);
  const as = (person?: SignedInUser) => (person ? { cookie: person.cookie } : {});

  beforeAll(async () => {
    await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}`;
    t = await buildTestApp(kind, { webhookAllowedHosts: ['127.0.0.1'] });
    [owner, seeker] = await Promise.all([signUpAndSignIn(t.app), signUpAndSignIn(t.app)]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: as(owner),
      payload: { name: `Hooked ${kind}` },
    });
    company = created.json();
  });
  afterAll(async () => {
    await t?.close();
    hook.server.close();
  });
  beforeEach(async () => {
    // Each test reads its own deliveries only.
    await t.db.query('DELETE FROM webhook_endpoints');
    hook.received.length = 0;
    hook.state.failures = 0;
    hook.state.hang = false;
  });

  const register = (person: SignedInUser | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/companies/${company.slug}/webhooks`,
      headers: as(person),
      payload: payload as Record<string, unknown>,
    });
  const deliveries = async (endpoint: string) =>
    (
      await t.app.inject({ url: `/api/companies/${company.slug}/webhooks/${endpoint}/deliveries`, headers: as(owner) })
    ).json<
      {
        id: string;
        event: string;
        state: string;
        attempts: number;
        lastStatus: number | null;
        lastError: string | null;
      }[]
    >();

  it('only the owner registers an endpoint; the address and events are checked, naming the field', async () => {
    expectErrorShape(await register(undefined, { url: `${base}/x`, events: ['job.closed'] }), 401);
    expectErrorShape(await register(seeker, { url: `${base}/x`, events: ['job.closed'] }), 403);
    for (const [payload, message] of [
      [{ url: 'http://example.com/hook', events: ['job.closed'] }, /^url: an https/],
      [{ url: 'https://10.1.2.3/hook', events: ['job.closed'] }, /^url: a public address/],
      [{ url: 'https://localhost/hook', events: ['job.closed'] }, /^url: a public address/],
      [{ url: 'https://user:pw@example.com/hook', events: ['job.closed'] }, /^url: an address without/],
      [{ url: 'https://example.com/hook', events: ['job.deleted'] }, /events/],
      [{ url: 'https://example.com/hook', events: [] }, /events: at least one/],
      [{ url: 'https://example.com/hook', events: ['job.closed'], secret: 'mine' }, /secret/],
    ] as const) {
      expect(expectErrorShape(await register(owner, payload), 400)).toMatch(message);
    }
    const created = await register(owner, { url: 'https://hooks.example.com/in', events: ['job.closed'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      url: 'https://hooks.example.com/in',
      secret: expect.stringMatching(/^whsec_/),
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${company.slug}/webhooks/${created.json<{ id: string }>().id}`,
      headers: as(seeker),
    });
    expect(removed.statusCode).toBe(403);
  });

  it('signs application.created, application.stage_changed and job.closed; a retry after 500s delivers once more', async () => {
    const created = await register(owner, {
      url: `${base}/in`,
      events: ['application.created', 'application.stage_changed', 'job.closed'],
    });
    const endpoint = created.json<{ id: string; secret: string }>();
    const job = await postJob(t.app, owner.cookie, { companyId: company.id, jobTitle: 'Hooked job' });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: as(seeker),
      payload: { job },
    });
    expect(applied.statusCode).toBe(201);
    hook.state.failures = 2;
    expect(await sender().round()).toBe(1);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({
      event: 'application.created',
      state: 'pending',
      attempts: 1,
      lastStatus: 500,
    });
    // Not due before its backoff; then a new sender (a restarted board) finds it in the database.
    expect(await sender().round()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await sender().round()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await sender().round()).toBe(1);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200 });
    expect(hook.received).toHaveLength(3);
    const bodies = hook.received.map((request) => JSON.parse(request.body) as { id: string });
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
    const first = hook.received[0] as Received;
    expect(verifies(endpoint.secret, first.headers['jobboard-signature'], first.body)).toBe(true);
    expect(verifies(endpoint.secret, first.headers['jobboard-signature'], `${first.body} `)).toBe(false);
    expect(first.headers['jobboard-event']).toBe('application.created');
    const application = JSON.parse(first.body) as {
      type: string;
      company: string;
      data: { applicationId: string; jobId: string };
    };
    expect(application).toMatchObject({ type: 'application.created', company: company.slug, data: { jobId: job } });

    hook.received.length = 0;
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/applications/${application.data.applicationId}/stage`,
      headers: as(owner),
      payload: { stage: 'reviewing' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${job}`,
      headers: as(owner),
      payload: { status: 'closed' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await sender().round()).toBe(2);
    const events = hook.received.map(
      (request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> },
    );
    expect(events.map((event) => event.type).sort()).toEqual(['application.stage_changed', 'job.closed']);
    expect(events.find((event) => event.type === 'application.stage_changed')?.data).toMatchObject({
      from: 'applied',
      to: 'reviewing',
    });
    expect(events.find((event) => event.type === 'job.closed')?.data).toMatchObject({ jobId: job, status: 'closed' });
    for (const request of hook.received)
      expect(verifies(endpoint.secret, request.headers['jobboard-signature'], request.body)).toBe(true);

    // Resent from the company's settings: the same payload id again.
    const delivered = (await deliveries(endpoint.id)).find((delivery) => delivery.event === 'job.closed');
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${company.slug}/webhooks/${endpoint.id}/deliveries/${delivered?.id}/resend`,
      headers: as(owner),
    });
    expect(resend.json()).toMatchObject({ state: 'pending', attempts: 0 });
    hook.received.length = 0;
    expect(await sender().round()).toBe(1);
    expect(JSON.parse(hook.received[0]?.body ?? '{}')).toMatchObject({ id: delivered?.id, type: 'job.closed' });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${company.slug}/webhooks/${endpoint.id}`,
      headers: as(owner),
    });
  });

  it('gives up after the last attempt; a claim a dead sender left falls due again; a slow receiver costs its timeout', async () => {
    const endpoint = (await register(owner, { url: `${base}/slow`, events: ['job.closed'] })).json<{ id: string }>();
    const job = await postJob(t.app, owner.cookie, { companyId: company.id });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${job}`,
      headers: as(owner),
      payload: { status: 'closed' },
    });
    // A sender that took the delivery and died: its claim runs out, and another sender sends it.
    await t.db.query(
      `UPDATE webhook_deliveries SET claimed_until = now() + interval '1 minute', attempts = 1 WHERE endpoint_id = $1`,
      [endpoint.id],
    );
    expect(await sender().round()).toBe(0);
    await t.db.query(
      `UPDATE webhook_deliveries SET claimed_until = now() - interval '1 second' WHERE endpoint_id = $1`,
      [endpoint.id],
    );
    hook.state.hang = true;
    const started = Date.now();
    expect(await sender().round()).toBe(1);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({
      state: 'pending',
      attempts: 2,
      lastError: 'no answer within 400 ms',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await sender().round()).toBe(1);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ state: 'failed', attempts: 3 });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${company.slug}/webhooks/${endpoint.id}`,
      headers: as(owner),
    });
  });

  it('never calls a private address the operator did not allow, even one stored before', async () => {
    const endpoint = (await register(owner, { url: `${base}/private`, events: ['job.closed'] })).json<{ id: string }>();
    const job = await postJob(t.app, owner.cookie, { companyId: company.id });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${job}`,
      headers: as(owner),
      payload: { status: 'closed' },
    });
    const strict = new WebhookSender(t.db, t.app.log, { ...options, allowedHosts: [] });
    expect(await strict.round()).toBe(1);
    expect(hook.received).toHaveLength(0);
    expect((await deliveries(endpoint.id))[0]?.lastError).toMatch(/https:\/\/ address is required|public address/);
  });
});
