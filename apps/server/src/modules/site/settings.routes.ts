import {
  adminSiteSettingsSchema,
  SITE_PAGE_TITLES,
  sitePageBodySchema,
  sitePageParamsSchema,
  sitePageSchema,
  siteSettingsUpdateSchema,
  type Language,
  type SitePage,
  type SitePageSlug,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { SETTING_VARIABLES } from '../../config-settings.js';
import type { Db } from '../../db/client.js';
import { languageOf } from '../../http/language.js';
import type { CurrentUser } from '../../http/session.js';
import { renderDescription } from '../jobs/description-html.js';
import { requireAdmin } from '../moderation/moderation.service.js';
import { defaultPage } from './default-pages.js';
import { updatePage, updateSettings } from './settings.service.js';
import { readSitePage } from './settings.repository.js';
import type { SiteSettingsStore } from './settings-store.js';

const tags = ['site settings'];

function adminView(settings: SiteSettingsStore) {
  return {
    values: settings.current(),
    defaults: settings.defaults,
    fromEnvironment: settings.fromEnvironment(),
    environmentNames: { ...SETTING_VARIABLES },
  };
}

/** `GET/PUT /api/admin/settings`: the site settings, administrators only (issue 34, item 2). Prefix: /api. */
export const siteSettingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, settings }) => {
  // A visitor hears 401, anyone else 403, before anything about the body.
  const preValidation = async (request: { user: CurrentUser | null }) => {
    requireAdmin(request.user, config.adminEmails);
  };
  app.get(
    '/admin/settings',
    { preValidation, schema: { tags, response: { 200: adminSiteSettingsSchema } } },
    async () => adminView(settings),
  );
  app.put(
    '/admin/settings',
    { preValidation, schema: { tags, body: siteSettingsUpdateSchema, response: { 200: adminSiteSettingsSchema } } },
    async (request) => {
      await updateSettings(db, settings, requireAdmin(request.user, config.adminEmails), request.body);
      return adminView(settings);
    },
  );
};

/** A page as written by the administrators, else its default in the reader's language. */
async function sitePage(
  db: Db,
  settings: SiteSettingsStore,
  slug: SitePageSlug,
  language: Language,
): Promise<SitePage> {
  const row = await readSitePage(db, slug);
  const body = row?.body ?? defaultPage(slug, settings.current().siteName, language);
  return {
    slug,
    title: SITE_PAGE_TITLES[slug],
    body,
    html: renderDescription(body),
    isDefault: !row,
    updatedAt: row?.updated_at ?? null,
  };
}

/** About, Privacy and Terms: read by anyone, written by administrators (issue 34, item 3). Prefix: /api. */
export const sitePageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, settings }) => {
  app.get(
    '/site/pages/:slug',
    { schema: { tags, params: sitePageParamsSchema, response: { 200: sitePageSchema } } },
    async (request, reply) => {
      // A default page is written in the reader's language.
      void reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language');
      return sitePage(db, settings, request.params.slug, languageOf(request));
    },
  );
  app.put(
    '/admin/pages/:slug',
    {
      preValidation: async (request) => {
        requireAdmin(request.user, config.adminEmails);
      },
      schema: { tags, params: sitePageParamsSchema, body: sitePageBodySchema, response: { 200: sitePageSchema } },
    },
    async (request) => {
      const admin = requireAdmin(request.user, config.adminEmails);
      await updatePage(db, admin, request.params.slug, request.body.body);
      return sitePage(db, settings, request.params.slug, languageOf(request));
    },
  );
};
