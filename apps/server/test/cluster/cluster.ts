/**
 * A whole deployment on this machine, on free loopback ports, for the cluster test (npm run test:cluster) and
 * the cluster load test (npm run loadtest -- --cluster): a PostgreSQL 15 primary and a streaming replica made
 * with initdb and pg_basebackup (the server binaries run as the `postgres` OS user), PgBouncer in transaction
 * mode in front of the primary, a Redis of its own, S3-compatible storage (s3rver), an SMTP server and an OpenID
 * Connect provider (in this process), two app instances started the way `npm start` starts the server, and nginx
 * round-robin over them with an access log naming the instance of every request. Everything lives in one
 * temporary directory and stops in `stop()`, which also runs on SIGINT/SIGTERM. Every wait is bounded.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { startSmtpServer, type ReceivedMail } from '../smtp-fixture.js';
import { startTestProvider, type TestProvider } from '../oidc-provider-fixture.js';
import { freePort, queryOnce, startPostgresPair } from '../support/postgres-pair.js';

// The harness's probes: one query on a connection of its own (never through PgBouncer), and free loopback ports.
export { freePort, queryOnce };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
export const DATABASE = 'jobboard';
const BUCKET = 'jobboard-cluster';

export interface Instance {
  name: string;
  port: number;
  url: string;
  logFile: string;
  process: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Cluster {
  dir: string;
  lbUrl: string;
  /** nginx's access log: `msec request_time status method uri tag upstream_addr` (the last may be `a, b` when nginx tried both) (client.ts reads it). */
  accessLog: string;
  primaryUrl: string;
  replicaUrl: string;
  bouncerUrl: string;
  redisUrl: string;
  s3Endpoint: string;
  instances: Instance[];
  mail: ReceivedMail[];
  oidc: TestProvider;
  /** Starts instance `name` again (after it was stopped), waits until it answers /api/health. */
  restart(name: Instance['name']): Promise<Instance>;
  /**
   * A third instance outside the load balancer, with some settings changed (the cluster load test runs one
   * without the replica); stopped with the cluster.
   */
  startExtra(name: string, env: Record<string, string>): Promise<Instance>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Extra environment for the app instances. */
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** OIDC accounts of the test provider. */
  oidcAccounts?: Record<string, { email: string; email_verified: boolean; name: string }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers true, at most `timeoutMs`; throws with `what` otherwise. */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await probe()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(everyMs);
  }
}

/** Runs a command to completion (bounded), as the postgres OS user when asked; throws with its output on failure. */
function runSync(command: string, args: string[], options: { asPostgres?: boolean; timeoutMs?: number } = {}): string {
  const [cmd, argv] = options.asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: options.timeoutMs ?? 60_000, cwd: '/tmp' });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal ?? result.error?.message}): ${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

/** Nothing but apt-get's ordinary client: the Debian packages the cluster needs, when missing. */
export function ensurePackages(log: (line: string) => void): void {
  const missing = [
    ['nginx', '/usr/sbin/nginx', 'nginx-light'],
    ['pgbouncer', '/usr/sbin/pgbouncer', 'pgbouncer'],
  ].filter(([, binary]) => !fs.existsSync(binary ?? ''));
  if (missing.length === 0) return;
  log(`installing ${missing.map(([name]) => name).join(', ')} with apt-get`);
  runSync('apt-get', ['update', '-qq'], { timeoutMs: 180_000 });
  runSync('apt-get', ['install', '-y', '-qq', ...missing.map(([, , pkg]) => pkg ?? '')], { timeoutMs: 300_000 });
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (process.getuid?.() !== 0)
    throw new Error('the cluster test runs as root (it starts PostgreSQL as the postgres OS user)');
  if (!fs.existsSync(path.join(PG_BIN, 'initdb')))
    throw new Error(`PostgreSQL 15 server binaries are missing in ${PG_BIN}`);
  ensurePackages(log);
  // The instances run the compiled server, as `npm start` does (built here when missing or stale).
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server build failed');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-cluster-'));
  fs.chmodSync(dir, 0o755);
  const stops: (() => Promise<void> | void)[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const step of stops.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`teardown: ${String(error)}`);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping the cluster`);
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  stops.push(() => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  });

  try {
    const [bouncerPort = 0, redisPort = 0, s3Port = 0, lbPort = 0, portA = 0, portB = 0] = await Promise.all(
      Array.from({ length: 6 }, () => freePort()),
    );
    const pgDir = path.join(dir, 'pg');
    fs.mkdirSync(pgDir);
    const postgresUser = { uid: uid('postgres'), gid: gid('postgres') };
    fs.chownSync(pgDir, postgresUser.uid, postgresUser.gid);

    // --- PostgreSQL primary and its streaming replica (test/support/postgres-pair.ts: initdb, pg_basebackup -R).
    const pair = await startPostgresPair({
      extraConfig: [
        "shared_preload_libraries = 'pg_stat_statements'",
        'pg_stat_statements.track = all',
        // Behind PgBouncer the app's per-connection `-c jit=off` is dropped (ignore_startup_parameters): set it here.
        'jit = off',
      ],
    });
    stops.push(() => pair.stop());
    const { primaryPort, replicaPort } = pair;
    await pair.createDatabase(DATABASE);
    const primaryUrl = pair.primaryUrl(DATABASE);
    const replicaUrl = pair.replicaUrl(DATABASE);
    await queryOnce(primaryUrl, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    log(`primary: 127.0.0.1:${primaryPort}; replica: 127.0.0.1:${replicaPort} (streaming)`);

    // --- PgBouncer, transaction pooling, in front of the primary.
    const bouncerDir = path.join(pgDir, 'pgbouncer');
    fs.mkdirSync(bouncerDir);
    fs.writeFileSync(path.join(bouncerDir, 'userlist.txt'), '"postgres" ""\n');
    fs.writeFileSync(
      path.join(bouncerDir, 'pgbouncer.ini'),
      [
        '[databases]',
        `${DATABASE} = host=127.0.0.1 port=${primaryPort} dbname=${DATABASE}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${bouncerPort}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(bouncerDir, 'userlist.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 1000',
        'default_pool_size = 40',
        // node-postgres sends these as startup parameters; PgBouncer 1.18 refuses unknown ones unless told to
        // ignore them (the server's own settings apply instead: see docs/deploy.md).
        'ignore_startup_parameters = extra_float_digits,options,statement_timeout',
        `logfile = ${path.join(bouncerDir, 'pgbouncer.log')}`,
        'admin_users = postgres',
        '',
      ].join('\n'),
    );
    spawnSync('chown', ['-R', 'postgres:postgres', bouncerDir]);
    // Started as the postgres user directly (PgBouncer refuses root), so the signal reaches PgBouncer itself.
    const bouncer = spawnDaemon(
      '/usr/sbin/pgbouncer',
      [path.join(bouncerDir, 'pgbouncer.ini')],
      path.join(dir, 'pgbouncer.out'),
      {},
      postgresUser,
    );
    stops.push(() => killAndWait(bouncer, 'SIGINT', 5_000));
    const bouncerUrl = `postgres://postgres@127.0.0.1:${bouncerPort}/${DATABASE}`;
    await waitFor('PgBouncer', async () => (await queryOnce(bouncerUrl, 'SELECT 1')).length === 1, 15_000);
    log(`pgbouncer: 127.0.0.1:${bouncerPort} (transaction pooling)`);

    // --- Redis of its own (the machine's one keeps its keys).
    const redis = spawnDaemon(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      path.join(dir, 'redis.log'),
    );
    stops.push(() => killAndWait(redis, 'SIGTERM', 5_000));
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    await waitFor('Redis', () => canConnect(redisPort), 10_000);

    // --- S3 (s3rver), SMTP and the OpenID Connect provider, in this process.
    const s3 = new S3rver({
      port: s3Port,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: BUCKET }],
    });
    await s3.run();
    stops.push(() => s3.close());
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    const smtp = await startSmtpServer();
    stops.push(() => smtp.close());
    const lbUrl = `http://127.0.0.1:${lbPort}`;
    const oidc = await startTestProvider({
      redirectUris: [`${lbUrl}/api/auth/google/callback`],
      accounts: options.oidcAccounts ?? {},
    });
    stops.push(() => oidc.close());

    // --- Two app instances, started at the same moment (the migrations must run once).
    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      DATABASE_URL: bouncerUrl,
      DATABASE_READ_URL: replicaUrl,
      DATABASE_LISTEN_URL: primaryUrl,
      REDIS_URL: redisUrl,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: smtp.url,
      MAIL_POLL_SECONDS: '0.5',
      PUBLIC_URL: lbUrl,
      // nginx on loopback is the one proxy whose X-Forwarded-For is believed.
      TRUST_PROXY: '127.0.0.1',
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'info',
      HOUSEKEEPING_INTERVAL_MS: '2000',
      ALERTS_INTERVAL_MS: '2000',
      POSTS_PER_DAY: '100000',
      ...options.env,
    };
    const instances: Instance[] = [];
    const startInstance = (
      name: Instance['name'],
      port: number,
      generation: number,
      overrides: Record<string, string> = {},
    ): Instance => {
      const dataDir = path.join(dir, `data-${name}`);
      fs.mkdirSync(dataDir, { recursive: true });
      const logFile = path.join(dir, `instance-${name}${generation ? `-${generation}` : ''}.log`);
      const child = spawnDaemon(
        process.execPath,
        ['--enable-source-maps', path.join(repoRoot, 'apps/server/dist/server.js')],
        logFile,
        {
          ...env,
          PORT: String(port),
          DATA_DIR: dataDir,
          ...overrides,
        },
      );
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null)
          resolve({ code: child.exitCode, signal: child.signalCode });
        else child.once('exit', (code, signal) => resolve({ code, signal }));
      });
      return { name, port, url: `http://127.0.0.1:${port}`, logFile, process: child, exited };
    };
    const waitHealthy = (instance: Instance) =>
      waitFor(
        `instance ${instance.name} on ${instance.port} (log: ${instance.logFile})`,
        async () => {
          if (instance.process.exitCode !== null)
            throw new Error(
              `instance ${instance.name} exited with ${instance.process.exitCode}: ${tail(instance.logFile)}`,
            );
          return (await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
        },
        90_000,
        250,
      );
    instances.push(startInstance('a', portA, 0), startInstance('b', portB, 0));
    const extras: Instance[] = [];
    stops.push(() =>
      Promise.all([...instances, ...extras].map((i) => killAndWait(i.process, 'SIGTERM', 15_000))).then(() => {}),
    );
    await Promise.all(instances.map(waitHealthy));
    log(`app instances: ${instances.map((i) => i.url).join(', ')}`);
    let generation = 0;
    const restart = async (name: Instance['name']) => {
      const index = instances.findIndex((i) => i.name === name);
      const old = instances[index];
      if (!old) throw new Error(`no instance ${name}`);
      if (old.process.exitCode === null && old.process.signalCode === null)
        throw new Error(`instance ${name} is still running`);
      generation += 1;
      const fresh = startInstance(name, old.port, generation);
      instances[index] = fresh;
      await waitHealthy(fresh);
      return fresh;
    };

    // --- nginx, round-robin; the access log names the instance of each request.
    const nginxDir = path.join(dir, 'nginx');
    fs.mkdirSync(nginxDir);
    const accessLog = path.join(nginxDir, 'access.log');
    fs.writeFileSync(
      path.join(nginxDir, 'nginx.conf'),
      `worker_processes 1;
user root;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  log_format cluster '$msec $request_time $status $request_method $uri $http_x_cluster_tag $upstream_addr';
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  client_max_body_size 10m;
  upstream app {
    # Round-robin. A refused connection marks the instance down for 2 s and the request goes to the other one;
    # nginx does that for any method while nothing was sent yet, and never re-sends a POST already sent.
    server 127.0.0.1:${portA} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${portB} max_fails=1 fail_timeout=2s;
  }
  server {
    listen 127.0.0.1:${lbPort};
    access_log ${accessLog} cluster;
    location / {
      proxy_pass http://app;
      # 503: an instance that is shutting down refuses requests it has not started (Fastify's return503OnClosing);
      # nginx re-sends those to the other one unless they are POSTs, which the client retries.
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
    );
    const nginx = spawnDaemon(
      '/usr/sbin/nginx',
      ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
      path.join(nginxDir, 'nginx.out'),
    );
    stops.push(() => killAndWait(nginx, 'SIGQUIT', 5_000));
    await waitFor(
      'nginx',
      async () => (await fetch(`${lbUrl}/api/health`, { signal: AbortSignal.timeout(2000) })).ok,
      15_000,
    );
    log(`nginx: ${lbUrl}`);

    return {
      dir,
      lbUrl,
      accessLog,
      primaryUrl,
      replicaUrl,
      bouncerUrl,
      redisUrl,
      s3Endpoint,
      instances,
      mail: smtp.received,
      oidc,
      restart,
      async startExtra(name, overrides) {
        const extra = startInstance(name, await freePort(), 0, overrides);
        extras.push(extra);
        await waitHealthy(extra);
        return extra;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function uid(user: string): number {
  return Number(runSync('id', ['-u', user]).trim());
}
function gid(user: string): number {
  return Number(runSync('id', ['-g', user]).trim());
}

function spawnDaemon(
  command: string,
  args: string[],
  logFile: string,
  env: Record<string, string> = {},
  user?: { uid: number; gid: number },
): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: user ? '/tmp' : repoRoot,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
    ...user,
  });
  fs.closeSync(out);
  child.on('error', () => {});
  return child;
}

async function killAndWait(child: ChildProcess, signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
