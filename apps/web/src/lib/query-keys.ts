/** Query keys shared across features, so one feature's mutation can refresh another's lists without importing it. */
export const queryKeys = {
  /** Who is signed in: the user, or null for nobody (GET /api/auth/me). */
  me: ['auth', 'me'] as const,
  /** Where a deliberate sign-out or account deletion is going (see lib/session.ts `signOutTo`). */
  exitTo: ['auth', 'exit-to'] as const,
  /** The footer's configured links (GET /api/site). */
  site: ['site'] as const,
  search: (params: string) => ['jobs', 'search', params] as const,
  job: (id: string) => ['jobs', 'one', id] as const,
  myJobs: (email: string) => ['jobs', 'mine', email] as const,
  /**
   * The signed-in poster's drafts of Post a Job, and one of them (forgotten at sign-out). Not under `jobs`: a change
   * to a job does not refetch them; publishing one refreshes them itself.
   */
  drafts: ['job-drafts'] as const,
  myDrafts: (userId: string) => ['job-drafts', 'mine', userId] as const,
  draft: (id: string) => ['job-drafts', 'one', id] as const,
  jobs: ['jobs'] as const,
  /** How a job takes applications and its screening questions, as seekers see them (issue 33). */
  applyForm: (jobId: string) => ['jobs', 'apply-form', jobId] as const,
  myApplications: (userId: string) => ['applications', 'mine', userId] as const,
  applications: ['applications'] as const,
  /** The Responses page (the pipeline) for its filters, and one application's private notes. */
  responsesPage: (userId: string, params: string) => ['applications', 'responses', userId, params] as const,
  applicationNotes: (applicationId: string) => ['applications', 'notes', applicationId] as const,
  /** One application's thread and interviews, its candidate page, and the unread counts (decision 42). */
  applicationThread: (applicationId: string) => ['applications', 'thread', applicationId] as const,
  applicationCandidate: (applicationId: string) => ['applications', 'candidate', applicationId] as const,
  unreadThreads: (userId: string) => ['applications', 'unread-threads', userId] as const,
  /**
   * The figures of the signed-in poster's jobs (views, applications, conversion): under `applications`, so it is
   * forgotten at sign-out and read again when applications change, but not with every job list.
   */
  myJobStats: (userId: string) => ['applications', 'job-stats', userId] as const,
  /** Applications to the signed-in user's jobs they have not looked at yet (under `applications`, as above). */
  unseenApplications: (userId: string) => ['applications', 'unseen', userId] as const,
  /** How a job's team hears of its applications: each, daily or off. */
  applicationMail: (jobId: string) => ['applications', 'mail', jobId] as const,
  /** The signed-in seeker's profile as an applicant: headline, location, links, stored CVs (forgotten at sign-out). */
  candidate: ['candidate'] as const,
  candidateProfile: (userId: string) => ['candidate', 'profile', userId] as const,
  storedCvs: (userId: string) => ['candidate', 'cvs', userId] as const,
  /** A job's apply options and questions as its team edits them. */
  applyOptions: (jobId: string) => ['applications', 'apply-options', jobId] as const,
  /** Everything about the signed-in user's saved jobs (forgotten at sign-out). */
  savedJobs: ['saved-jobs'] as const,
  savedJobIds: (userId: string) => ['saved-jobs', 'ids', userId] as const,
  savedJobsPage: (userId: string, page: number) => ['saved-jobs', 'page', userId, page] as const,
  /** The signed-in user's job alerts (forgotten at sign-out). */
  alerts: ['alerts'] as const,
  alertList: (userId: string) => ['alerts', 'list', userId] as const,
  googleConfig: ['auth', 'google-config'] as const,
  companies: ['companies'] as const,
  company: (slug: string) => ['companies', 'one', slug] as const,
  myCompanies: (email: string) => ['companies', 'mine', email] as const,
  companyMembers: (slug: string) => ['companies', 'members', slug] as const,
  companyInvitations: (slug: string) => ['companies', 'invitations', slug] as const,
  companyStageTemplates: (slug: string) => ['companies', 'stage-templates', slug] as const,
  companyStages: (slug: string) => ['companies', 'stages', slug] as const,
  companyApiKeys: (slug: string) => ['companies', 'api-keys', slug] as const,
  companyWebhooks: (slug: string) => ['companies', 'webhooks', slug] as const,
  webhookDeliveries: (slug: string, id: string) => ['companies', 'webhooks', slug, id] as const,
  companyImports: (slug: string) => ['companies', 'imports', slug] as const,
  myInvitations: ['companies', 'my-invitations'] as const,
  skillSuggestions: (q: string) => ['suggestions', 'skills', q] as const,
  placeSuggestions: (q: string) => ['suggestions', 'places', q] as const,
  whereSuggestions: (q: string) => ['suggestions', 'where', q] as const,
  searchSuggestions: (q: string) => ['suggestions', 'search', q] as const,
};
