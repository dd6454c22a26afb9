/** The demo accounts (README); jobs and companies come from job-generator.ts. */

export const DEMO_PASSWORD = 'jobboard-demo';

export const DEMO_USERS = [
  { name: 'Alice Morgan', username: 'alice', email: 'alice@example.com' },
  { name: 'Bob Okafor', username: 'bob', email: 'bob@example.com' },
  { name: 'Carol Nguyen', username: 'carol', email: 'carol@example.com' },
  { name: 'Dan Eriksen', username: 'dan', email: 'dan@example.com' },
] as const;
