import fs from 'node:fs';
import path from 'node:path';

/** One message from the outbox (DATA_DIR/outbox/<id>.eml), decoded enough to read: headers and text. */
export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Quoted-printable (what nodemailer uses for long lines): soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function readOutbox(outboxDir: string): OutboxMessage[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const raw = fs.readFileSync(path.join(outboxDir, name), 'utf8');
      const split = raw.indexOf('\n\n');
      const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
      const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
      const body = raw.slice(split + 2);
      const text = /quoted-printable/i.test(header('Content-Transfer-Encoding')) ? decodeQuotedPrintable(body) : body;
      return { file: name, to: header('To'), subject: header('Subject'), text };
    });
}

/** Waits (at most `timeoutMs`) for a message to `to` whose text holds a link to `page`; answers the link's token. */
export async function waitForLinkToken(
  outboxDir: string,
  to: string,
  page: string,
  timeoutMs = 15_000,
  seen: Set<string> = new Set(),
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`);
  for (;;) {
    for (const message of readOutbox(outboxDir)) {
      if (seen.has(message.file) || !message.to.includes(to)) continue;
      const token = pattern.exec(message.text)?.[1];
      if (token) {
        seen.add(message.file);
        return token;
      }
    }
    if (Date.now() > deadline) throw new Error(`no ${page} link for ${to} in ${outboxDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for any message to `to` matching `subject`. */
export async function waitForMessage(
  outboxDir: string,
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(outboxDir).find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no message "${String(subject)}" for ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
