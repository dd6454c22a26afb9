import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { isLanguage, type CompanyPage, type Job, type Language, type SearchResult } from '@jobboard/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf, type Config } from '../../config.js';
import { languageOf } from '../../http/language.js';
import { sessionCookieName } from '../../http/session.js';
import { findCompanyById } from '../companies/companies.repository.js';
import { companyHead, homeHead, jobHead, missingCompanyHead, missingJobHead, withSite, type PageHead } from './head.js';
import { PageCache, type CachedPage } from './page-cache.js';
import { assemblePage, pageLocale, shellIn, type SsrState } from './page-html.js';
import { jobPostingJsonLd, type HiringCompany } from './job-posting.js';
import { applyMethodOf } from '../apply-options/apply-options.service.js';

/**
 * Server rendering of the home, job and company pages: HTML that already holds the results, the job or the
 * company, its title, meta
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
  kind: 'home' | 'job' | 'company';
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
export async function loadPageRenderer(
  config: Pick<Config, 'webDist'>,
): Promise<{ renderer: PageRenderer; shell: string } | undefined> {
  const entry = path.join(path.dirname(config.webDist), 'dist-ssr', 'entry-server.js');
  const index = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(entry) || !fs.existsSync(index)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as PageRenderer;
  return { renderer, shell: fs.readFileSync(index, 'utf8') };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding to send a page in: the cheapest to read that the browser takes (none when it takes neither). */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * A rendered page is 20-80 KB of markup that compresses about tenfold: sent compressed to every browser that can
 * take it, at levels that cost a millisecond or two (a kept page is compressed once per encoding).
 */
async function encoded(page: CachedPage, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let body = page.encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? await brotli(page.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzipped(page.html, { level: 4 });
    page.encoded.set(encoding, body);
  }
  return body;
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
  if (plan.kind === 'company' && (main.status === 404 || main.status === 400)) return 404;
  if (plan.kind === 'job') {
    if (main.status === 404 || main.status === 400) return 404;
    if (main.status === 200 && (main.body as Job).status !== 'open') return 410;
  }
  return 200;
}

/** The signed-in reader's chosen language (their /api/auth/me answer) before the cookie's and the browser's. */
function pageLanguage(request: FastifyRequest, plan: PagePlan, answers: { status: number; body: unknown }[]): Language {
  const me = answers[plan.queries.findIndex((query) => query.path === '/api/auth/me')];
  const chosen = me?.status === 200 ? (me.body as { locale?: unknown } | null)?.locale : undefined;
  return isLanguage(chosen) ? chosen : languageOf(request);
}

async function companyOf(db: Db, job: Job): Promise<HiringCompany | undefined> {
  if (!job.company.id) return undefined;
  const company = await findCompanyById(db, job.company.id);
  return company ? { website: company.website } : undefined;
}

/** The page's head: a job's tags and (open jobs) JSON-LD, a company's, a missing one's, or the home page's for its search. */
async function headOf(
  db: Db,
  plan: PagePlan,
  main: { status: number; body: unknown },
  origin: string,
  language: Language,
): Promise<PageHead> {
  if (plan.kind === 'company')
    return main.status === 200 ? companyHead(main.body as CompanyPage, origin, language) : missingCompanyHead(language);
  if (plan.kind === 'job') {
    if (main.status !== 200) return missingJobHead(language);
    const job = main.body as Job;
    // Only an open job is a posting search engines may show.
    // directApply: only a job that takes applications here (issue 33: not its company's site, not by e-mail).
    const direct = async () => (await applyMethodOf(db, job._id)) === 'board';
    const structured =
      job.status === 'open' && !job.moderation
        ? [jobPostingJsonLd(job, await companyOf(db, job), origin, await direct())]
        : [];
    return jobHead(job, origin, structured, language);
  }
  const total = main.status === 200 ? (main.body as SearchResult).total : undefined;
  return homeHead(origin, homeSearch(plan), total, language);
}

/** One API answer, asked of this app with the visitor's cookie; a visitor without a session is nobody (401) without asking. */
async function ask(server: FastifyInstance, request: FastifyRequest, query: PlannedQuery, cookieName: string) {
  if (query.path === '/api/auth/me' && !request.cookies[cookieName]) return { key: query.key, status: 401, body: null };
  const response = await server.inject({
    method: 'GET',
    url: query.path,
    headers: { ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}), accept: 'application/json' },
  });
  return { key: query.key, status: response.statusCode, body: parse<unknown>(response.body) ?? null };
}

/** The home page's search as the app normalises it: its parameters in one order, unknown ones dropped. */
function homeSearch(plan: PagePlan): string {
  const params = new URLSearchParams(plan.queries[plan.queries.length - 1]?.path.split('?')[1]);
  // How the app asks the API to match (SearchQuery.match) is the call's, not the page's address.
  params.delete('match');
  return params.toString();
}

/**
 * The address a page is rendered and kept by (and its canonical address): the home page's normalised search, or
 * the job's or company's path. Such a page with a query string is rendered as asked.
 */
function pageAddress(plan: PagePlan, url: URL): string {
  if (plan.kind !== 'home') return `${url.pathname}${url.search}`;
  const search = homeSearch(plan);
  return search ? `/?${search}` : '/';
}

export const pageRoutes: FastifyPluginAsync<AppDeps & { renderer: PageRenderer; shell: string }> = async (
  app,
  deps,
) => {
  const { renderer, shell, config } = deps;
  const cookieName = sessionCookieName(config);

  /** The page rendered from its answers; undefined (with its status) when rendering failed and the shell must do. */
  async function render(request: FastifyRequest, plan: PagePlan, pageUrl: string, origin: string, locale: string) {
    const answers = await Promise.all(plan.queries.map((query) => ask(app, request, query, cookieName)));
    const main = answers[answers.length - 1] ?? { status: 500, body: null };
    const status = pageStatus(plan, main);
    const language = pageLanguage(request, plan, answers);
    const state: SsrState = { locale, language, queries: answers };
    const { siteName, faviconUrl, tagline, accentColor } = deps.settings.current();
    const accent = accentColor === deps.settings.defaults.accentColor ? '' : accentColor;
    const head = withSite(await headOf(deps.db, plan, main, origin, language), siteName, faviconUrl, tagline, accent);
    try {
      return {
        status,
        html: assemblePage(shell, head, await renderer.render(pageUrl, state), state, renderer.SSR_STATE_ID),
      };
    } catch (error) {
      // A rendering fault must not take the page down: the browser renders it as it did before server rendering.
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the app shell');
      return { status, html: undefined };
    }
  }

  const cache = new PageCache();
  const renderLimit = { name: 'page-renders-address', ...rateLimitsOf(config).pageRendersPerAddress };

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://localhost');
    const plan = renderer.prefetchPlan(url.pathname, url.search);
    const shellReply = (status: number) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie, Accept-Language')
        .send(shellIn(shell, languageOf(request)));
    if (!plan) return shellReply(200);

    const origin = config.siteOrigin;
    const pageUrl = pageAddress(plan, url);
    // The home page's plain form (no scripts) sends every choice, the empty ones too: such an address is sent on
    // to the search's own, so it reads, links and caches as the app would write it.
    if (plan.kind === 'home' && [...url.searchParams.values()].some((value) => value === '')) {
      return reply.redirect(pageUrl, 303);
    }
    const locale = pageLocale(request.headers['accept-language']);
    // Only anonymous pages are kept: a signed-in page holds its reader's account (/api/auth/me) and their saves.
    const signedIn = Boolean(request.cookies[cookieName]);
    // An anonymous reader's language comes from the cookie or Accept-Language alone, so it is part of the key.
    const language = languageOf(request);
    const key =
      signedIn || (plan.kind !== 'home' && url.search) ? undefined : `${origin}\n${locale}\n${language}\n${pageUrl}`;
    // A page kept from before a change of the jobs or of the site settings is made again.
    const changes = deps.searchCounts.changes + deps.settings.version;
    let kept = key === undefined ? undefined : cache.get(key, changes);
    if (!kept) {
      // Rendering is what costs (100-170 ms of the event loop): a client asking for page after page is held back,
      // and sent the shell, which the browser renders itself.
      const outcome = await deps.rateLimiter.hit(renderLimit.name, request.ip, renderLimit.windowMs);
      if (outcome && outcome.count > renderLimit.limit) {
        const retryAfter = String(Math.max(1, Math.ceil(outcome.resetMs / 1000)));
        return reply
          .code(429)
          .header('Retry-After', retryAfter)
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(shell);
      }
      const rendered = await render(request, plan, pageUrl, origin, locale);
      if (rendered.html === undefined) return shellReply(rendered.status);
      kept = { status: rendered.status, html: rendered.html, encoded: new Map(), changes, at: Date.now() };
      if (key !== undefined && kept.status < 500) cache.set(key, kept);
    }
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .code(kept.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', signedIn ? 'private, no-cache' : 'no-cache')
      .header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
      .send(encoding ? await encoded(kept, encoding) : kept.html);
  }

  const options = { schema: { hide: true }, config: { page: true } };
  app.get('/', options, page);
  app.get('/job/:id', options, page);
  app.get('/company/:slug', options, page);
};
