import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { RateLimiter } from './http/rate-limit.js';
import type { SearchCache } from './modules/search/search.service.js';
import type { PrivateStorage } from './modules/cvs/cv-storage.js';
import type { MailQueue } from './modules/mail/mail.queue.js';
import type { Metrics } from './modules/metrics/metrics.js';
import type { FileStorage } from './modules/uploads/storage.js';
import type { SiteSettingsStore } from './modules/site/settings-store.js';

/** What every route module is given: nothing is imported as a global. */
export interface AppDeps {
  db: Db;
  config: Config;
  /** Search counts; every change to the set of jobs must invalidate it. */
  searchCounts: SearchCache;
  /** Sign-in and sign-up limits, shared through Redis when REDIS_URL is set. */
  rateLimiter: RateLimiter;
  /** Uploaded avatars. */
  storage: FileStorage;
  /** Uploaded CVs: private, read back only through signed links (decision record 23). */
  cvStorage: PrivateStorage;
  /** The one mail service: queued in the database, sent by SMTP or into the outbox. */
  mail: MailQueue;
  /** Counters and timings for /metrics (served only when METRICS_TOKEN is set). */
  metrics: Metrics;
  /** The site settings in effect (issue 34): the environment's, the console's, or the defaults; kept in step. */
  settings: SiteSettingsStore;
}
