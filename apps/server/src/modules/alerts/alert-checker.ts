import type { FastifyBaseLogger } from 'fastify';
import { ALERT_LIMITS, countryName, formatSalary, parseAlertQuery, type Job, type Language } from '@jobboard/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { toJob } from '../jobs/jobs.repository.js';
import { matchCondition } from '../search/search.repository.js';
import { toCriteria } from '../search/search.service.js';
import type { Vocabulary } from '../search/spelling.js';
import type { MailQueue } from '../mail/mail.queue.js';
import { jobAlertMail, type AlertMailJob } from '../mail/templates.js';
import {
  findNewMatches,
  markChecked,
  postponeAlert,
  recordSentJobs,
  takeDueAlert,
  type DueAlert,
} from './alerts.repository.js';
import { describeAlertQuery, signingKey, unsubscribeToken } from './alerts.service.js';
import { recipientLanguage, translator } from '../mail/mail-language.js';
import { isolate, placeIn, salaryIn } from '../mail/words.js';

export interface AlertCheckerDeps {
  db: Db;
  mail: Pick<MailQueue, 'enqueue' | 'start'>;
  config: Pick<Config, 'siteOrigin' | 'alertsIntervalMs'>;
  /** The search's spelling corrections, so an alert matches what its search page shows. */
  vocabulary?: Vocabulary;
}

export interface CheckResult {
  /** Alerts looked at. */
  checked: number;
  /** E-mails queued (one per alert with new jobs). */
  mailed: number;
  /** Alerts whose check failed (rolled back, tried again an interval later); the others went on. */
  failed: number;
}

/** Alerts checked in one round at most; the rest wait for the next round (which comes at once when this one was full). */
const ALERTS_PER_ROUND = 500;

/** 'Berlin, Germany', 'Berlin, Germany (hybrid)', or for a remote job where it hires: 'Remote (Australia, Germany)'. */
export function placeOf(job: Job): string {
  if (job.workplace === 'remote') {
    const countries = job.remoteCountries.map((code) => countryName(code));
    return `Remote (${countries.length ? countries.join(', ') : 'anywhere'})`;
  }
  const place =
    [job.location.city, job.location.country ? countryName(job.location.country) : ''].filter(Boolean).join(', ') ||
    job.jobLocation;
  return job.workplace === 'hybrid' ? `${place} (hybrid)` : place;
}

function payOf(job: Job): string {
  if (job.salary) return formatSalary(job.salary, 'en-US');
  return job.minPrice && job.maxPrice ? `${job.salaryType} ${job.minPrice} - ${job.maxPrice}` : '';
}

/**
 * A job's place and pay in the recipient's language: English as the spec wrote them (placeOf, payOf); German and
 * Arabic with the catalogue's words, amounts as the language writes them (an Arabic one an isolated run).
 */
function factsIn(job: Job, language: Language): { place: string; pay: string } {
  if (language === 'en') return { place: placeOf(job), pay: payOf(job) };
  const t = translator(language);
  const legacy = job.minPrice && job.maxPrice ? `${job.minPrice} - ${job.maxPrice}` : '';
  const type = job.salaryType.toLowerCase();
  const pay = job.salary
    ? salaryIn(job.salary, language)
    : legacy && `${isolate(legacy, language)} ${t(`words.salaryType.${type}`)}`;
  return { place: placeIn(job, language, true), pay };
}

/**
 * One due alert, in one transaction: locked (another instance skips it), its new matches read (newest first, at
 * most ALERT_LIMITS.jobsPerMail), recorded as sent, ONE e-mail queued in the same transaction (mail.queue.ts), and
 * the alert marked checked. A crash anywhere before the commit leaves none of it: the next check does it all
 * again; after the commit the queue owns the e-mail (sent once, retried with backoff). Nothing new, no e-mail.
 * Answers undefined when no alert is due.
 */
async function checkNextAlert(
  deps: AlertCheckerDeps,
  key: Buffer,
  halfIntervalMs: number,
  now: Date,
  taken: { id?: string },
  skip: readonly string[],
): Promise<{ mailed: boolean } | undefined> {
  return deps.db.transaction(async (tx) => {
    const alert = await takeDueAlert(tx, halfIntervalMs, skip);
    if (!alert) return undefined;
    taken.id = alert.id;
    const parsed = parseAlertQuery(alert.query);
    if (!parsed.ok) {
      // Stored queries were validated on the way in; one a later release reads differently waits, unmailed.
      await markChecked(tx, alert.id, alert.now, undefined);
      return { mailed: false };
    }
    // Whole words, as the web app's search the alert was saved from (SearchQuery.match), unless it says otherwise.
    const criteria = toCriteria({ ...parsed.search, match: parsed.search.match ?? 'words' });
    if (criteria.q && deps.vocabulary) criteria.correctedQ = deps.vocabulary.correct(criteria.q);
    const rows = await findNewMatches(tx, alert, matchCondition(criteria, now), ALERT_LIMITS.jobsPerMail + 1);
    const fresh = rows.slice(0, ALERT_LIMITS.jobsPerMail);
    const oldestMailed = fresh.at(-1);
    if (!oldestMailed) {
      await markChecked(tx, alert.id, alert.now, undefined);
      return { mailed: false };
    }
    const more = rows.length > fresh.length;
    await recordSentJobs(
      tx,
      alert.id,
      fresh.map((row) => row.id),
    );
    await deps.mail.enqueue(
      alertMail(
        deps,
        key,
        alert,
        fresh.map((row) => toJob(row)),
        more,
        parsed.query,
        await recipientLanguage(tx, alert.email),
      ),
      tx,
    );
    // Capped: the older new jobs are left to the search link, never trickled into later e-mails.
    await markChecked(tx, alert.id, alert.now, { notBefore: more ? oldestMailed.created_at : undefined });
    return { mailed: true };
  });
}

function alertMail(
  deps: AlertCheckerDeps,
  key: Buffer,
  alert: DueAlert,
  jobs: Job[],
  more: boolean,
  query: string,
  language: Language,
) {
  // The configured origin, never the one stored with the alert: older rows may hold a forged request's Host.
  const origin = deps.config.siteOrigin;
  const token = unsubscribeToken(key, alert.id);
  const mailJobs: AlertMailJob[] = jobs.map((job) => ({
    title: job.jobTitle,
    company: job.company.name || job.companyName,
    ...factsIn(job, language),
    link: `${origin}/job/${job._id}`,
  }));
  return jobAlertMail(
    alert.email,
    alert.name,
    {
      description: describeAlertQuery(alert.query, language),
      frequency: alert.frequency,
      jobs: mailJobs,
      more,
      searchLink: `${origin}/${query ? `?${query}` : ''}`,
      unsubscribePage: `${origin}/unsubscribe?token=${token}`,
      oneClickUrl: `${origin}/api/alerts/unsubscribe?token=${token}`,
      manageLink: `${origin}/alerts`,
    },
    language,
  );
}

/**
 * Checks every due alert once: instant ones half an interval after their last check, daily ones a day after it.
 * Each alert is its own transaction, so one alert's failure does not undo another's mail; a failed alert (rolled
 * back) is put off to its next interval, so it cannot hold up the alerts behind it round after round.
 */
export async function checkDueAlerts(
  deps: AlertCheckerDeps,
  now: Date = new Date(),
  maxAlerts = ALERTS_PER_ROUND,
  log?: FastifyBaseLogger,
): Promise<CheckResult> {
  const halfIntervalMs = Math.floor((deps.config.alertsIntervalMs || 60_000) / 2);
  const result: CheckResult = { checked: 0, mailed: 0, failed: 0 };
  const failed: string[] = [];
  const key = await signingKey(deps.db);
  // Started before any transaction: on PGlite, starting the queue beside an open transaction would wait for it.
  await deps.mail.start();
  // Likewise the spelling's words: reading them may ask the search index to catch up, on the database itself.
  await deps.vocabulary?.refresh(deps.db, now.getTime());
  while (result.checked < maxAlerts) {
    const taken: { id?: string } = {};
    let outcome: { mailed: boolean } | undefined;
    try {
      outcome = await checkNextAlert(deps, key, halfIntervalMs, now, taken, failed);
    } catch (error) {
      // Before any alert was taken (the database itself failing): the round ends, the next one tries again.
      if (!taken.id) throw error;
      log?.warn({ err: error, alertId: taken.id }, 'job alert check failed; it is tried again at its next interval');
      await postponeAlert(deps.db, taken.id);
      failed.push(taken.id);
      result.checked += 1;
      result.failed += 1;
      continue;
    }
    if (!outcome) break;
    result.checked += 1;
    if (outcome.mailed) result.mailed += 1;
  }
  return result;
}

/**
 * Runs the checker every ALERTS_INTERVAL_MS, one round at a time (a round never overlaps the next); stop() ends
 * it and waits for a round in progress, so the app closes the database after it.
 */
export function scheduleAlertChecks(
  deps: AlertCheckerDeps,
  log: FastifyBaseLogger,
  onRound: (result: CheckResult | 'error') => void = () => {},
): { stop: () => Promise<void> } {
  const intervalMs = deps.config.alertsIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const round = async () => {
    try {
      const result = await checkDueAlerts(deps, new Date(), ALERTS_PER_ROUND, log);
      onRound(result);
      if (result.mailed > 0) log.info(result, 'job alerts: e-mails queued');
      // A full round leaves due alerts behind: the next round starts at once.
      if (result.checked >= ALERTS_PER_ROUND) return schedule(0);
    } catch (error) {
      onRound('error');
      log.warn({ err: error }, 'job alert check failed; will retry at the next interval');
    }
    schedule(intervalMs);
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = undefined;
      });
    }, delay);
    timer.unref();
  };
  schedule(intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
