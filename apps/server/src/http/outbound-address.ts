import { FIELD_MESSAGES } from '@jobboard/shared';
import { lookup } from 'node:dns/promises';
import net from 'node:net';

/** Addresses an outbound call (a webhook, an import) may never reach: the board's own machine and networks (SSRF), unless the operator allows. */
const PRIVATE = new net.BlockList();
for (const [subnet, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(subnet, prefix, 'ipv4');
for (const [subnet, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(subnet, prefix, 'ipv6');

function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

/**
 * Why the sender would refuse this address before looking it up, or undefined: https only, no credentials in it,
 * and no literal private address. Hosts the operator allows (WEBHOOK_ALLOWED_HOSTS, IMPORT_ALLOWED_HOSTS) may use http and private addresses (an intranet
 * receiver, the tests' own).
 */
export function refusalOf(url: URL, allowedHosts: readonly string[]): string | undefined {
  const allowed = allowedHosts.includes(url.hostname);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) return FIELD_MESSAGES.httpsRequired;
  if (url.username || url.password) return FIELD_MESSAGES.noCredentials;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowed && (net.isIP(literal) ? isPrivate(literal) : url.hostname === 'localhost'))
    return FIELD_MESSAGES.publicAddress;
  return undefined;
}

/**
 * The address to connect to, looked up once and checked: the connection then goes to that address, so a name
 * that resolves to a private address on the second lookup (DNS rebinding) cannot reach the inside.
 */
export async function resolvedAddress(
  url: URL,
  allowedHosts: readonly string[],
): Promise<{ address: string; family: number }> {
  const refusal = refusalOf(url, allowedHosts);
  if (refusal) throw new Error(refusal);
  const addresses = await lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true });
  const first = addresses[0];
  if (!first) throw new Error(`no address for ${url.hostname}`);
  if (!allowedHosts.includes(url.hostname) && addresses.some((entry) => isPrivate(entry.address)))
    throw new Error('the address resolves to a private or local network');
  return first;
}
