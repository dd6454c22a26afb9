import { TABLE_PAGE_SIZE } from './constants.js';

/**
 * The hiring pipeline's limits and answers, importing no schema: the web app's server-text map takes them from here
 * without pulling zod into every screen. pipeline.ts holds the schemas.
 */
export const PIPELINE_LIMITS = {
  /** Applications on one page of GET /api/applications/responses unless `pageSize` asks for 10 or 25: the tables' 4 rows (docs/product.md). */
  pageSize: TABLE_PAGE_SIZE,
  /** Characters in one private note. */
  noteMaxLength: 5_000,
} as const;

export const PIPELINE_MESSAGES = {
  applicationNotFound: 'Application not found',
  withdrawnCannotMove: 'This application was withdrawn: its stage can no longer change',
  applicationWithdrawn: 'Application withdrawn',
  noteNotFound: 'Note not found',
  noteAuthorOnly: 'Only the author of a note can change or delete it',
  nothingToUndo: 'There is no recent move of this application to undo',
  tooLateToUndo: 'Too late to undo: the e-mail to the applicant has already gone',
  customStageNotOfCompany: "customStageId: not a stage of this job's company",
} as const;
