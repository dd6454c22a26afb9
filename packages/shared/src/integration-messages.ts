/** How many of each way in a company may have (job imports and webhooks, issue 36). */
export const INTEGRATION_LIMITS = { importSources: 10, webhooks: 10 } as const;

/** The job imports' answers the console's screens show (translated there, server-text.ts). */
export const IMPORT_MESSAGES = {
  owner: 'Only the owner of a company or an administrator can manage its job imports',
  notFound: 'Import source not found',
  tooMany: `A company has at most ${INTEGRATION_LIMITS.importSources} import sources`,
  duplicate: 'This source is connected already',
  busy: 'This source is being imported right now or was a minute ago; try again in a minute',
} as const;

/** The webhooks' answers the company's screens show. */
export const WEBHOOK_MESSAGES = {
  owner: 'Only the owner of a company can manage its webhooks',
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  tooMany: `A company has at most ${INTEGRATION_LIMITS.webhooks} webhooks`,
  beingSent: 'This delivery is being sent right now; try again in a minute',
} as const;
