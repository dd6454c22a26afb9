import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail as the app writes it; the queue adds the sender and a stable Message-ID. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Extra header fields (List-Unsubscribe, List-Unsubscribe-Post for alerts), written as given by both transports. */
  headers?: Record<string, string>;
  /** Where a reply goes (a thread's plus-addressed reply address); absent: the sender. */
  replyTo?: string;
  /** A calendar invitation (RFC 5545 text), sent as the text/calendar alternative and as an invite.ics attachment. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Sends one message. `id` is stable across retries, so a retry after a crash can be recognised. */
  send(id: string, from: string, mail: OutgoingMail): Promise<void>;
  close(): void;
}

const messageId = (id: string) => `<${id}@jobboard>`;

/** The same message for SMTP and the outbox: sender, stable Message-ID and any extra header fields. */
function message(id: string, from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId: messageId(id),
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.icalEvent
      ? { icalEvent: { method: mail.icalEvent.method, filename: 'invite.ics', content: mail.icalEvent.content } }
      : {}),
  };
}

/** SMTP_URL: any SMTP server (smtp://user:pass@host:port, smtps://...). */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(url: string) {
    // Bounded well under the queue's MAIL_EXPIRE_SECONDS, so a slow server fails a send before the queue takes the
    // message for abandoned and a second worker sends it again.
    this.transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
  }

  async send(id: string, from: string, mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(message(id, from, mail));
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Without SMTP: each message becomes DATA_DIR/outbox/<id>.eml, a complete RFC 5322 message any mail client opens.
 * Written to a temporary name and linked into place, so a reader never sees half a file, and a retry of a
 * message already written is a no-op (the name exists): a restart never writes a message twice.
 */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  private readonly builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(readonly directory: string) {}

  async send(id: string, from: string, mail: OutgoingMail): Promise<void> {
    if (!/^[\w-]+$/.test(id)) throw new Error(`unexpected message id ${id}`);
    await fs.mkdir(this.directory, { recursive: true });
    const target = path.join(this.directory, `${id}.eml`);
    const info = await this.builder.sendMail(message(id, from, mail));
    const temporary = path.join(this.directory, `.${id}.${process.pid}.tmp`);
    await fs.writeFile(temporary, info.message as Buffer);
    try {
      await fs.link(temporary, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  close(): void {
    this.builder.close();
  }
}
