/** Query keys shared across features, so one feature's mutation can refresh another's lists without importing it. */
export const queryKeys = {
  search: (params: string) => ['jobs', 'search', params] as const,
  job: (id: string) => ['jobs', 'one', id] as const,
  myJobs: (email: string) => ['jobs', 'mine', email] as const,
  jobs: ['jobs'] as const,
  myApplications: (userId: string) => ['applications', 'mine', userId] as const,
  applications: ['applications'] as const,
  googleConfig: ['auth', 'google-config'] as const,
};
