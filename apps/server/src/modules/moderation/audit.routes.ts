import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { ADMIN_ACTIONS, findAuditEntries, type AuditEntry } from './audit.repository.js';
import { requireAdmin } from './moderation.service.js';

const PAGE_SIZE = 25;
/** A CSV export holds at most this many lines, newest first (a filter narrows a longer log). */
const CSV_ROWS = 10_000;

const filterSchema = {
  action: z.enum(ADMIN_ACTIONS, { error: `action: one of ${ADMIN_ACTIONS.join(', ')}` }).optional(),
  admin: z.string().trim().max(254, { error: 'admin: at most 254 characters' }).optional(),
  target: z.string().trim().max(254, { error: 'target: at most 254 characters' }).optional(),
};
const auditQuerySchema = z.strictObject({
  ...filterSchema,
  page: z.coerce
    .number({ error: 'page: a page number' })
    .int()
    .min(1, { error: 'page: from 1' })
    .max(10_000)
    .default(1),
});

const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  adminEmail: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  targetId: z.string().nullable(),
  targetLabel: z.string(),
  reason: z.string(),
});

/** A CSV cell (RFC 4180), and never a formula: a cell a spreadsheet would run (=, +, -, @) is quoted as text. */
function cell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvOf(items: AuditEntry[]): string {
  const header = 'at,admin,action,target_id,target,reason';
  const rows = items.map((e) =>
    [e.at, e.adminEmail, e.action, e.targetId, e.targetLabel, e.reason].map(cell).join(','),
  );
  return `${[header, ...rows].join('\r\n')}\r\n`;
}

/**
 * The administrators' audit log (issue 34): read a page, filtered by action, administrator and target, or export it
 * as CSV.
 */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const preValidation = async (request: { user: Parameters<typeof requireAdmin>[0] }) => {
    requireAdmin(request.user, config.adminEmails);
  };

  app.get(
    '/admin/audit',
    {
      preValidation,
      schema: {
        tags: ['moderation'],
        querystring: auditQuerySchema,
        response: {
          200: z.object({
            items: z.array(auditEntrySchema),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      const found = await findAuditEntries(db, filter, PAGE_SIZE, (page - 1) * PAGE_SIZE);
      return { ...found, page, pageSize: PAGE_SIZE };
    },
  );

  app.get(
    '/admin/audit.csv',
    {
      preValidation,
      schema: {
        tags: ['moderation'],
        querystring: z.strictObject(filterSchema),
        response: { 200: z.any().describe('text/csv: at,admin,action,target_id,target,reason') },
      },
    },
    async (request, reply) => {
      const { items } = await findAuditEntries(db, request.query, CSV_ROWS, 0);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvOf(items));
    },
  );
};
