import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The text body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** A real SMTP server on loopback (smtp-server), collecting what it receives. */
export async function startSmtpServer(): Promise<{ url: string; received: ReceivedMail[]; close: () => Promise<void> }> {
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
          ? body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          : body;
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '',
          text,
        });
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
export async function waitForMail(received: ReceivedMail[], to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = received.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${String(subject)}" to ${to} within ${timeoutMs} ms (got ${received.map((m) => `${m.to.join()}: ${m.subject}`).join(' | ')})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function linkToken(mail: ReceivedMail, page: string): string {
  const token = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${page} link in: ${mail.text}`);
  return token;
}
