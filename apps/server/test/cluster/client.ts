/**
 * What the cluster test uses to talk to the load balancer: a client with a cookie jar and an address of its own
 * (X-Forwarded-For, believed from nginx only), each request tagged so the nginx access log says which instance
 * served it; the access log's reader; and the checks' tally.
 */
import fs from 'node:fs';
import type { Instance } from './cluster.js';

let tags = 0;

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  tag: string;
  json<T = Record<string, unknown>>(): T;
}

export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly address: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: FormData; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<Answer> {
    tags += 1;
    const tag = `t${process.pid}-${tags}`;
    const headers: Record<string, string> = {
      'x-forwarded-for': this.address,
      'x-cluster-tag': tag,
      ...options.headers,
    };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body) {
      headers['x-requested-with'] = 'XMLHttpRequest';
      body = options.body;
    }
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const index = pair.indexOf('=');
      if (index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, text, headers: response.headers, tag, json: <T>() => JSON.parse(text) as T };
  }
}

export interface LogLine {
  /** Seconds since the epoch when nginx finished the request. */
  msec: number;
  requestTime: number;
  upstream: string;
  status: number;
  method: string;
  uri: string;
  tag: string;
}

export function readAccessLog(file: string): LogLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [msec = '0', requestTime = '0', status = '0', method = '', uri = '', tag = '-', ...upstream] =
        line.split(' ');
      return {
        msec: Number(msec),
        requestTime: Number(requestTime),
        upstream: upstream.join(' '),
        status: Number(status),
        method,
        uri,
        tag,
      };
    });
}

/** The instance that served a tagged request (waits up to 2 s for nginx to write its line). */
export async function servedBy(
  file: string,
  tag: string,
  instances: readonly Pick<Instance, 'name' | 'port'>[],
): Promise<string> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const line = readAccessLog(file).find((l) => l.tag === tag);
    if (line) return instanceOf(line.upstream, instances);
    if (Date.now() > deadline) return 'unknown';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `127.0.0.1:port` (or several, when nginx tried the next instance) to instance names: `a`, `b`, `a>b`. */
export function instanceOf(upstream: string, instances: readonly Pick<Instance, 'name' | 'port'>[]): string {
  return upstream
    .split(/,\s*/)
    .map((address) => instances.find((i) => address.endsWith(`:${i.port}`))?.name ?? address)
    .join('>');
}

export class Checks {
  readonly results: { name: string; ok: boolean; detail: string }[] = [];

  constructor(private readonly log: (line: string) => void) {}

  record(name: string, ok: boolean, detail = ''): boolean {
    this.results.push({ name, ok, detail });
    this.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
    return ok;
  }

  /** Runs a check that throws on failure; its return value is the detail. */
  async run(name: string, body: () => Promise<string | undefined>): Promise<boolean> {
    try {
      return this.record(name, true, (await body()) ?? '');
    } catch (error) {
      return this.record(name, false, error instanceof Error ? error.message : String(error));
    }
  }

  get passed(): number {
    return this.results.filter((r) => r.ok).length;
  }

  get failed(): number {
    return this.results.filter((r) => !r.ok).length;
  }
}

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
