import { z } from 'zod';
import { INTEGRATION_LIMITS } from '@jobboard/shared';

export const IMPORT_KINDS = ['greenhouse', 'lever', 'ashby', 'indeed-xml', 'json-ld'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The ATS kinds name a board (token, site, board name) on the ATS's own API; the others are addresses. */
export const BOARD_KINDS: readonly ImportKind[] = ['greenhouse', 'lever', 'ashby'];

/** Sources per company: a few boards and feeds, not a crawler. */
export const MAX_SOURCES = INTEGRATION_LIMITS.importSources;
/** Entries one run reads from a source; the rest are refused with a reason. */
export const MAX_ENTRIES = 1_000;
/** Runs kept per source (the latest). */
export const RUNS_KEPT = 50;

const BOARD = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const importSourceCreateBodySchema = z
  .strictObject({
    kind: z.enum(IMPORT_KINDS, { error: `must be one of ${IMPORT_KINDS.join(', ')}` }),
    target: z
      .string({ error: 'the board name or the address to import from is required' })
      .trim()
      .min(1, { error: 'the board name or the address to import from is required' })
      .max(2000, { error: 'at most 2000 characters' }),
  })
  .superRefine((body, ctx) => {
    if (BOARD_KINDS.includes(body.kind)) {
      if (!BOARD.test(body.target))
        ctx.addIssue({
          code: 'custom',
          path: ['target'],
          message: 'the board name (letters, digits, dots, dashes and underscores, at most 100)',
        });
      return;
    }
    if (!z.url({ protocol: /^https?$/ }).safeParse(body.target).success)
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'an https:// address is required' });
  });
export type ImportSourceCreateBody = z.infer<typeof importSourceCreateBodySchema>;

export const importRefusalSchema = z.object({
  sourceId: z.string().describe("The entry's id in the source (or its position when it has none)"),
  reason: z.string(),
});

export const importRunSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable().describe('null while the run is under way'),
  added: z.number().int(),
  updated: z.number().int(),
  closed: z.number().int(),
  refused: z.array(importRefusalSchema),
  error: z.string().nullable().describe('Why the source could not be read at all; nothing was closed then'),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  target: z.string(),
  createdAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastRun: importRunSchema.nullable().describe("The latest run's report"),
});

export const sourceParams = z.object({ slug: z.string().max(100), sourceId: z.string().max(100) });
