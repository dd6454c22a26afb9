/**
 * The administrators' console's limits and answers, importing no schema: the web app's server-text map takes them from here
 * without pulling zod into every screen. admin-console.ts holds the schemas.
 */
export const ADMIN_CONSOLE_LIMITS = {
  /** Rows on one page of the console's lists. */
  pageSize: 25,
  /** Characters of a search in the console's lists. */
  queryMaxLength: 200,
  /** Jobs, applications, companies and reports shown on a user's page (the newest). */
  detailRows: 50,
} as const;

export const ADMIN_CONSOLE_MESSAGES = {
  closed: 'Job closed',
  deleted: 'Account deleted',
  confirmationSent: 'A new confirmation link was sent',
  alreadyConfirmed: 'The address is already confirmed',
  granted: 'Administrator role granted',
  revoked: 'Administrator role revoked',
  unchanged: 'Nothing to change',
  cannotRevokeSelf: 'You cannot revoke your own administrator role',
  cannotRevokeEnvironment: 'This address is listed in ADMIN_EMAILS: remove it there to revoke the role',
  cannotGrantUnverified: 'The account has not confirmed its address: an administrator needs a confirmed one',
  cannotDeleteAdmin: 'Administrators cannot be deleted: revoke the role first',
  featured: 'Job featured',
  unfeatured: 'Job no longer featured',
  cannotFeature: 'Only an open job can be featured',
  merged: 'Companies merged',
  mergeIntoSelf: 'into: a company cannot be merged into itself',
  mergeTargetMissing: 'into: no company has that address',
  mergeHasIntegrations:
    'The duplicate has API keys, webhooks or import sources: remove them (or move them by hand) before merging',
  mergeExternalIdClash: 'Both companies have a job with the same external id: close or change one before merging',
  companyNotFound: 'Company not found',
} as const;
