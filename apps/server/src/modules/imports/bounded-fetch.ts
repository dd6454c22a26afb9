import http from 'node:http';
import https from 'node:https';
import { resolvedAddress } from '../../http/outbound-address.js';

export interface FetchBounds {
  /** The answer's body is refused past this many bytes. */
  maxBytes: number;
  /** The whole fetch, redirects and body included, is given up after this long. */
  timeoutMs: number;
  /** Redirects followed at most; each new address is checked like the first. */
  maxRedirects: number;
  /** Hosts that may be fetched over http and on private addresses (IMPORT_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

/** Why a source could not be fetched; its message is what the run report shows. */
export class FetchRefused extends Error {}

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** One GET to the checked address (connected to the address looked up once, so DNS rebinding cannot move it). */
async function getOnce(url: URL, bounds: FetchBounds, signal: AbortSignal): Promise<Answer> {
  let target: { address: string; family: number };
  try {
    target = await resolvedAddress(url, bounds.allowedHosts);
  } catch (error) {
    throw new FetchRefused(`${url.host}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      signal,
      headers: { 'user-agent': 'Jobboard-Import/1', accept: 'application/json, application/xml, text/html;q=0.9' },
      lookup: (_host, options, callback) =>
        options.all
          ? callback(null, [target])
          : (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family),
    });
    request.on('error', (error) =>
      reject(signal.aborted ? new FetchRefused(`no complete answer within ${bounds.timeoutMs} ms`) : error),
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400) {
        response.resume();
        resolve({ status, location, body: '' });
        return;
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > bounds.maxBytes) {
        response.destroy();
        reject(new FetchRefused(`the answer is larger than ${bounds.maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > bounds.maxBytes) {
          response.destroy();
          reject(new FetchRefused(`the answer is larger than ${bounds.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, location, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.end();
  });
}

/**
 * The text at `address`, fetched within `bounds`: every address (the first and each redirect's) checked by the
 * outbound address guard, at most `maxRedirects` redirects, the body cut off past `maxBytes`, and the whole
 * fetch abandoned after `timeoutMs`. Anything else than a 2xx answer is refused with its status.
 */
export async function boundedFetch(address: string, bounds: FetchBounds): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), bounds.timeoutMs);
  try {
    let url = new URL(address);
    for (let redirects = 0; ; redirects += 1) {
      const answer = await getOnce(url, bounds, controller.signal);
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        if (redirects >= bounds.maxRedirects) throw new FetchRefused(`more than ${bounds.maxRedirects} redirects`);
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status < 200 || answer.status >= 300)
        throw new FetchRefused(`${url.host} answered HTTP ${answer.status}`);
      return answer.body;
    }
  } catch (error) {
    if (controller.signal.aborted) throw new FetchRefused(`no complete answer within ${bounds.timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
