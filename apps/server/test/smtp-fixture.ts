import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The text body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/**
 * What the server does with a message whose data it has read: accept it (the default), refuse it with a
 * temporary failure (an Error: the client is told 451 and nothing is recorded), or never answer ('hold'), as a
 * server does whose client died between sending and hearing back.
 */
export type SmtpVerdict = undefined | Error | 'hold';

/** A real SMTP server on loopback (smtp-server), collecting what it accepts. */
export async function startSmtpServer(
  options: { verdict?: (mail: ReceivedMail) => SmtpVerdict } = {},
): Promise<{ url: string; received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n');
        const split = raw.indexOf('\n\n');
        const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
        const body = raw.slice(split + 2);
        const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
        const text = qp
          ? body
              .replace(/=\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          : body;
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '',
          text,
        };
        const verdict = options.verdict?.(mail);
        if (verdict === 'hold') return;
        if (verdict instanceof Error) return callback(Object.assign(verdict, { responseCode: 451 }));
        received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits (bounded) for a message to `to` whose subject matches. */
export async function waitForMail(
  received: ReceivedMail[],
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = received.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `no mail "${String(subject)}" to ${to} within ${timeoutMs} ms (got ${received.map((m) => `${m.to.join()}: ${m.subject}`).join(' | ')})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function linkToken(mail: ReceivedMail, page: string): string {
  const token = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${page} link in: ${mail.text}`);
  return token;
}
