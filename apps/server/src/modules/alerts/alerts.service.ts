import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  DEFAULT_LANGUAGE,
  parseAlertQuery,
  type Alert,
  type AlertFrequency,
  type Language,
  type UnsubscribeInfo,
} from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import { describeAlertIn } from '../mail/words.js';
import type { CurrentUser } from '../../http/session.js';
import {
  deleteAlert,
  findAlert,
  findAlertsOfUser,
  findSecret,
  insertAlert,
  lockUserAlerts,
  updateAlertFrequency,
  type AlertRow,
} from './alerts.repository.js';

/**
 * The search of a stored alert in words, in a language (English: the shared wording the alerts page shows); its
 * query was normalised on the way in, so it parses.
 */
export function describeAlertQuery(query: string, language: Language = DEFAULT_LANGUAGE): string {
  const parsed = parseAlertQuery(query);
  return parsed.ok ? describeAlertIn(parsed.search, language) : query;
}

/** An alert as the API answers it, its search in words in the reader's language. */
export function toAlert(row: AlertRow, language: Language = DEFAULT_LANGUAGE): Alert {
  return {
    id: row.id,
    query: row.query,
    description: describeAlertQuery(row.query, language),
    frequency: row.frequency,
    createdAt: new Date(row.created_at).toISOString(),
    lastSentAt: row.last_sent_at ? new Date(row.last_sent_at).toISOString() : null,
  };
}

/**
 * Saves a search as an alert for the signed-in user (`query` already normalised by the body's schema). The same
 * search again changes the frequency of the alert the user has. Only a confirmed address gets alerts (mail goes
 * only to proven mailboxes); at most ALERT_LIMITS.perUser, counted under a lock on the user's row.
 */
export async function createAlert(
  db: Db,
  user: CurrentUser,
  body: { query: string; frequency: AlertFrequency },
  origin: string,
): Promise<{ alert: Alert; created: boolean }> {
  if (!user.email_verified) throw new AppError('forbidden', ALERT_MESSAGES.verifyFirst);
  return db.transaction(async (tx) => {
    const count = await lockUserAlerts(tx, user.id);
    const updated = await updateAlertFrequency(tx, user.id, body.query, body.frequency);
    if (updated) return { alert: toAlert(updated), created: false };
    if (count >= ALERT_LIMITS.perUser) throw new AppError('conflict', ALERT_MESSAGES.tooMany);
    return { alert: toAlert(await insertAlert(tx, user.id, body.query, body.frequency, origin)), created: true };
  });
}

export async function listAlerts(db: Queryable, user: CurrentUser, language?: Language): Promise<Alert[]> {
  return (await findAlertsOfUser(db, user.id)).map((row) => toAlert(row, language));
}

/** Deletes one of the user's alerts; someone else's is 404, as if it did not exist (its existence is not theirs to know). */
export async function removeAlert(db: Queryable, user: CurrentUser, rawId: string): Promise<void> {
  const id = parseId(rawId, ALERT_MESSAGES.notFound);
  if (!(await deleteAlert(db, id, user.id))) throw new AppError('not_found', ALERT_MESSAGES.notFound);
}

// ---------- unsubscribe links ----------

const SECRET_NAME = 'alert-unsubscribe';
const secrets = new WeakMap<Queryable, Promise<Buffer>>();

/**
 * The database's signing key (migration 010 made it), read once per database handle. Read it outside any
 * transaction (PGlite runs one at a time: a read beside an open transaction would wait for it).
 */
export function signingKey(db: Queryable): Promise<Buffer> {
  let key = secrets.get(db);
  if (!key) {
    key = findSecret(db, SECRET_NAME).then((secret) => {
      if (!secret) throw new Error(`app_secrets has no ${SECRET_NAME} key (migration 010)`);
      return secret;
    });
    key.catch(() => secrets.delete(db));
    secrets.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, alertId: string) => createHmac('sha256', key).update(`alert-unsubscribe:${alertId}`).digest();

/** `<alert id>.<HMAC-SHA256 of it>`: authorises unsubscribing that alert, without a session, for as long as it exists. */
export function unsubscribeToken(key: Buffer, alertId: string): string {
  return `${alertId}.${mac(key, alertId).toString('base64url')}`;
}

/** The alert id a token was signed for; a token not signed with this database's key is refused (400). */
async function verifyToken(db: Queryable, token: string): Promise<string> {
  const [id = '', signature = ''] = token.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(await signingKey(db), id);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('bad_request', ALERT_MESSAGES.badLink);
  return id;
}

/** What a link would stop, shown before anything changes: a mail scanner's GET must not unsubscribe. */
export async function unsubscribeInfo(db: Queryable, token: string, language?: Language): Promise<UnsubscribeInfo> {
  const alert = await findAlert(db, await verifyToken(db, token));
  return alert
    ? { active: true, description: describeAlertQuery(alert.query, language), frequency: alert.frequency }
    : { active: false, description: null, frequency: null };
}

/** Follows an unsubscribe link (the page's button, or a mail provider's one-click POST): idempotent. */
export async function unsubscribe(db: Queryable, token: string): Promise<{ message: string }> {
  const deleted = await deleteAlert(db, await verifyToken(db, token));
  return { message: deleted ? ALERT_MESSAGES.unsubscribed : ALERT_MESSAGES.alreadyUnsubscribed };
}
