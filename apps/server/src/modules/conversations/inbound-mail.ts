import type { Readable } from 'node:stream';
import EmailReplyParser from 'email-reply-parser';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { threadMessageBodySchema } from '@jobboard/shared';
import type { InboundMailConfig } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { findReplyAddress, tokenOf, type ReplyAddress } from './reply-addresses.js';
import { findThread } from './threads.repository.js';
import { postMessage, type TalkDeps } from './threads.service.js';

/**
 * Replies by e-mail (decision record 42): an SMTP listener that takes mail for reply+<token>@INBOUND_MAIL_DOMAIN only,
 * keeps the new text of each reply (quoted original and signature cut by email-reply-parser) and posts it as the
 * token's person with `byEmail`, under the app's rules (thread access, the per-sender limit). A refusal is an SMTP
 * answer the sender's server turns into a bounce, and a log line here: never a crash.
 */

export const INBOUND_MAX_BYTES = 1_000_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const refusal = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });
const NO_SUCH_ADDRESS = () => refusal(550, '5.1.1 No such reply address');
const CLOSED = () => refusal(550, '5.7.1 This conversation no longer takes replies');

/** The person and thread a recipient address stands for, while that person may still post there; else a refusal. */
async function targetOf(deps: TalkDeps, domain: string, address: string): Promise<ReplyAddress> {
  const token = tokenOf(domain, address);
  const target = token ? await findReplyAddress(deps.db, token) : undefined;
  if (!target) throw NO_SUCH_ADDRESS();
  if (target.banned) throw CLOSED();
  const thread = await findThread(deps.db, target.userId, target.applicationId);
  // A withdrawn application's thread hears no more by e-mail: a late reply to an old notification must not reopen it.
  if (!thread || thread.withdrawn_at !== null) throw CLOSED();
  return target;
}

/** Out-of-office answers, bounces and list mail: posting them would mail the other side, whose robot may answer. */
function isAutomatic(mail: ParsedMail, nullSender: boolean): boolean {
  const header = (name: string) => String(mail.headers.get(name) ?? '').toLowerCase();
  const submitted = header('auto-submitted');
  return (
    nullSender ||
    (submitted !== '' && submitted !== 'no') ||
    /^(bulk|junk|list|auto_reply)$/.test(header('precedence')) ||
    mail.headers.has('x-autoreply') ||
    mail.headers.has('x-autorespond')
  );
}

/** The reply's own words: the quoted original and the signature cut, line ends and stray control characters tidied. */
export function replyText(text: string): string {
  const fresh = new EmailReplyParser().parseReply(text.replace(/\r\n?/g, '\n'));
  return fresh
    .replace(/\t/g, '    ')
    .replace(/[^\P{Cc}\n]/gu, '')
    .trim();
}

async function readAll(stream: Readable & { sizeExceeded?: boolean }): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return stream.sizeExceeded ? undefined : Buffer.concat(chunks);
}

/** One received message for `target`: posted, ignored (empty, automatic) or refused with the reason. */
async function deliver(deps: TalkDeps, log: Log, target: ReplyAddress, raw: Buffer, nullSender: boolean) {
  const mail = await simpleParser(raw);
  const where = { application: target.applicationId };
  if (isAutomatic(mail, nullSender)) return log.info(where, 'inbound mail: automatic reply dropped');
  const body = replyText(mail.text ?? '');
  if (body === '') return log.info(where, 'inbound mail: empty reply ignored');
  const parsed = threadMessageBodySchema.safeParse({ body });
  if (!parsed.success) throw refusal(550, `5.6.0 ${parsed.error.issues[0]?.message ?? 'not a message'}`);
  try {
    const message = await postMessage(deps, target.userId, target.applicationId, parsed.data.body, true);
    log.info({ ...where, message: message.id }, 'inbound mail: reply posted');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw error.code === 'rate_limited' ? refusal(550, `5.7.1 ${error.message}`) : CLOSED();
  }
}

/**
 * The SMTP answer to a step: success, the refusal given (logged, so a bounce can be traced), or for anything
 * unexpected (the database away) a temporary failure the sender's server retries later.
 */
function answer(log: Log, step: Promise<unknown>, callback: (error?: Error | null) => void): void {
  step.then(
    () => callback(),
    (error: Error & { responseCode?: number }) => {
      if (error.responseCode) {
        log.info({ reason: error.message }, 'inbound mail: refused');
        return callback(error);
      }
      log.error({ err: error }, 'inbound mail: failed; the sender will retry');
      callback(refusal(451, '4.3.0 Try again later'));
    },
  );
}

export interface InboundMail {
  /** Stops taking connections; one still talking is told 421 after 5 s. */
  close(): Promise<void>;
}

/** Listens on INBOUND_SMTP_HOST:INBOUND_SMTP_PORT until closed (app.ts: with the app, stopped on its close). */
export async function startInboundMail(deps: TalkDeps, config: InboundMailConfig, log: Log): Promise<InboundMail> {
  const server = new SMTPServer({
    banner: 'replies only',
    size: INBOUND_MAX_BYTES,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    maxClients: 50,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    onRcptTo(address, session, callback) {
      // One thread per message: the one answer to DATA must stand for one posting.
      if (session.envelope.rcptTo.length > 0) return callback(refusal(452, '4.5.3 One reply address per message'));
      answer(log, targetOf(deps, config.domain, address.address), callback);
    },
    onData(stream, session, callback) {
      const recipient = session.envelope.rcptTo[0]?.address ?? '';
      const handle = async () => {
        const raw = await readAll(stream);
        if (!raw) throw refusal(552, `5.3.4 Message too big (at most ${INBOUND_MAX_BYTES / 1_000_000} MB)`);
        const target = await targetOf(deps, config.domain, recipient);
        // MAIL FROM:<> is a bounce or another automatic answer (RFC 5321 4.5.5).
        const nullSender = !session.envelope.mailFrom || session.envelope.mailFrom.address === '';
        await deliver(deps, log, target, raw, nullSender);
      };
      answer(log, handle(), callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    // A port already taken fails the start, so a mistake in INBOUND_SMTP_PORT is seen at once.
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log.warn({ err: error }, 'inbound mail: connection error'));
  log.info({ host: config.host, port: config.port, domain: config.domain }, 'inbound mail: listening for replies');
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
