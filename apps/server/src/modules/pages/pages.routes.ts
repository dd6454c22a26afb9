import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Job, SearchResult } from '@jobboard/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Config } from '../../config.js';
import { sessionCookieName } from '../../http/session.js';
import { findCompanyById } from '../companies/companies.repository.js';
import { homeHead, jobHead, missingJobHead, type PageHead } from './head.js';
import { assemblePage, pageLocale, type SsrState } from './page-html.js';
import { jobPostingJsonLd, type HiringCompany } from './job-posting.js';

/**
 * Server rendering of the home and job pages: HTML that already holds the results or the job, its title, meta
 * description, canonical URL, link-preview tags and (open jobs) JobPosting JSON-LD, which the browser then
 * takes over (hydrates). The components are the web app's own, built by `vite build --ssr` into
 * apps/web/dist-ssr (apps/web/src/entry-server.tsx); the data comes from this server's own API (inject), so a
 * page says exactly what the API says. Without that build (development, tests without a build) the pages are
 * the app's shell as before.
 */

interface PlannedQuery {
  key: readonly unknown[];
  path: string;
}
interface PagePlan {
  kind: 'home' | 'job';
  id?: string;
  queries: PlannedQuery[];
}
/** What apps/web/src/entry-server.tsx exports (the server shares only packages/shared with the web app). */
export interface PageRenderer {
  prefetchPlan(pathname: string, search: string): PagePlan | null;
  render(url: string, state: SsrState): Promise<string>;
  SSR_STATE_ID: string;
}

/** The built renderer and the built shell, or undefined when the web app (or its server build) is not built. */
export async function loadPageRenderer(config: Pick<Config, 'webDist'>): Promise<{ renderer: PageRenderer; shell: string } | undefined> {
  const entry = path.join(path.dirname(config.webDist), 'dist-ssr', 'entry-server.js');
  const index = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(entry) || !fs.existsSync(index)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as PageRenderer;
  return { renderer, shell: fs.readFileSync(index, 'utf8') };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A rendered page is 20-80 KB of markup that compresses about tenfold: sent compressed to every browser that can take it. */
async function compressed(html: string, acceptEncoding: string | undefined): Promise<{ body: Buffer | string; encoding?: string }> {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(/\s*;\s*/))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  const accepts = (name: string) => accepted.has(name);
  if (accepts('br')) return { body: await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (accepts('gzip')) return { body: await gzipped(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}

function parse<T>(body: string): T | undefined {
  try {
    return JSON.parse(body) as T;
  } catch {
    return undefined;
  }
}

/** The HTTP status of a page from the answers it is made of. */
function pageStatus(plan: PagePlan, main: { status: number; body: unknown }): number {
  if (main.status >= 500) return 503;
  if (plan.kind === 'job') {
    if (main.status === 404 || main.status === 400) return 404;
    if (main.status === 200 && (main.body as Job).status !== 'open') return 410;
  }
  return 200;
}

export const pageRoutes: FastifyPluginAsync<AppDeps & { renderer: PageRenderer; shell: string }> = async (app, deps) => {
  const { renderer, shell, config } = deps;
  const cookieName = sessionCookieName(config);

  /** One API answer, asked of this app with the visitor's cookie; a visitor without a session is nobody (401) without asking. */
  async function ask(server: FastifyInstance, request: FastifyRequest, query: PlannedQuery) {
    if (query.path === '/api/auth/me' && !request.cookies[cookieName]) return { key: query.key, status: 401, body: null };
    const response = await server.inject({
      method: 'GET',
      url: query.path,
      headers: { ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}), accept: 'application/json' },
    });
    return { key: query.key, status: response.statusCode, body: parse<unknown>(response.body) ?? null };
  }

  async function companyOf(job: Job): Promise<HiringCompany | undefined> {
    if (!job.company.id) return undefined;
    const company = await findCompanyById(deps.db, job.company.id);
    return company ? { website: company.website } : undefined;
  }

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://localhost');
    const plan = renderer.prefetchPlan(url.pathname, url.search);
    const shellReply = (status: number) => reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(shell);
    if (!plan) return shellReply(200);

    const origin = config.siteOrigin;
    const answers = await Promise.all(plan.queries.map((query) => ask(app, request, query)));
    const main = answers[answers.length - 1] ?? { status: 500, body: null };
    const status = pageStatus(plan, main);
    const state: SsrState = { locale: pageLocale(request.headers['accept-language']), queries: answers };

    let head: PageHead;
    if (plan.kind === 'job') {
      if (main.status === 200) {
        const job = main.body as Job;
        // Only an open job is a posting search engines may show.
        const structured = job.status === 'open' && !job.moderation ? [jobPostingJsonLd(job, await companyOf(job), origin)] : [];
        head = jobHead(job, origin, structured);
      } else {
        head = missingJobHead;
      }
    } else {
      const search = plan.queries[plan.queries.length - 1]?.path.split('?')[1] ?? '';
      const total = main.status === 200 ? (main.body as SearchResult).total : undefined;
      head = homeHead(origin, search, total);
    }

    let body: string;
    try {
      body = await renderer.render(`${url.pathname}${url.search}`, state);
    } catch (error) {
      // A rendering fault must not take the page down: the browser renders it as it did before server rendering.
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the app shell');
      return shellReply(status);
    }
    const signedIn = Boolean(request.cookies[cookieName]);
    const html = await compressed(assemblePage(shell, head, body, state, renderer.SSR_STATE_ID), request.headers['accept-encoding']);
    if (html.encoding) reply.header('Content-Encoding', html.encoding);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', signedIn ? 'private, no-cache' : 'no-cache')
      .header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
      .send(html.body);
  }

  app.get('/', { schema: { hide: true } }, page);
  app.get('/job/:id', { schema: { hide: true } }, page);
};
