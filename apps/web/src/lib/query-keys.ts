/** Query keys shared across features, so one feature's mutation can refresh another's lists without importing it. */
export const queryKeys = {
  /** Who is signed in: the user, or null for nobody (GET /api/auth/me). */
  me: ['auth', 'me'] as const,
  /** Where a deliberate sign-out or account deletion is going (see lib/session.ts `signOutTo`). */
  exitTo: ['auth', 'exit-to'] as const,
  search: (params: string) => ['jobs', 'search', params] as const,
  job: (id: string) => ['jobs', 'one', id] as const,
  myJobs: (email: string) => ['jobs', 'mine', email] as const,
  jobs: ['jobs'] as const,
  myApplications: (userId: string) => ['applications', 'mine', userId] as const,
  applications: ['applications'] as const,
  googleConfig: ['auth', 'google-config'] as const,
  companies: ['companies'] as const,
  company: (slug: string) => ['companies', 'one', slug] as const,
  myCompanies: (email: string) => ['companies', 'mine', email] as const,
  companyMembers: (slug: string) => ['companies', 'members', slug] as const,
  skillSuggestions: (q: string) => ['suggestions', 'skills', q] as const,
  placeSuggestions: (q: string) => ['suggestions', 'places', q] as const,
  searchSuggestions: (q: string) => ['suggestions', 'search', q] as const,
};
