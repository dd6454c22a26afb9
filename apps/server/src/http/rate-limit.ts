import net from 'node:net';
import { Redis } from 'ioredis';
import { MESSAGES } from '@jobboard/shared';
import { AppError } from './errors.js';

/** Counts hits per key in fixed windows; the store is shared by all app instances when it is Redis. */
export interface RateLimitStore {
  /** Adds one hit and answers the count in the current window and the milliseconds until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** The count of a key's current window without adding a hit, or undefined when it has none. */
  peek(key: string): Promise<{ count: number; resetMs: number } | undefined>;
  /** Forgets a key (a successful sign-in clears that account's failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Keys kept in memory at most: enough for every active client of one instance, bounded against floods. */
export const MEMORY_STORE_MAX_KEYS = 100_000;

/**
 * Windows in two generations of Maps (the "quick LRU" scheme): new and recently used keys live in `current`;
 * when it holds half the capacity it becomes `previous` and the old `previous` is dropped whole. A key found in
 * `previous` moves back to `current`. Every operation is O(1) with no iteration at all (the old store swept the
 * whole map on every new key once it held 100,000 live ones; a single Map evicting its oldest key degrades too,
 * as V8 skips the deleted entries at its front), and at most `maxKeys` keys are held. Under a flood of new keys an
 * idle key may be forgotten early, which only ever lets a client through sooner; keys in use stay.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private current = new Map<string, { count: number; resetAt: number }>();
  private previous = new Map<string, { count: number; resetAt: number }>();
  private readonly generationSize: number;

  constructor(options: { maxKeys?: number } = {}) {
    this.generationSize = Math.max(1, Math.floor((options.maxKeys ?? MEMORY_STORE_MAX_KEYS) / 2));
  }

  /** Keys held (live or not yet dropped). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let window = this.find(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.keep(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  async peek(key: string) {
    const now = Date.now();
    const window = this.find(key);
    if (!window || window.resetAt <= now) return undefined;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  async reset(key: string) {
    this.current.delete(key);
    this.previous.delete(key);
  }

  async close() {
    this.current.clear();
    this.previous.clear();
  }

  /** The key's window, moved into the current generation when it was in the previous one. */
  private find(key: string) {
    const window = this.current.get(key);
    if (window) return window;
    const old = this.previous.get(key);
    if (old) {
      this.previous.delete(key);
      this.keep(key, old);
    }
    return old;
  }

  private keep(key: string, window: { count: number; resetAt: number }) {
    this.current.set(key, window);
    if (this.current.size >= this.generationSize) {
      this.previous = this.current;
      this.current = new Map();
    }
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    // Connection trouble surfaces per call (and fails open below); it must not crash the process.
    this.redis.on('error', () => {});
  }

  async hit(key: string, windowMs: number) {
    const redisKey = `jobboard:rl:${key}`;
    const result = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').pttl(redisKey).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string) {
    const redisKey = `jobboard:rl:${key}`;
    const result = await this.redis.multi().get(redisKey).pttl(redisKey).exec();
    const value = result?.[0]?.[1];
    const ttl = Number(result?.[1]?.[1] ?? -2);
    if (value === null || value === undefined || ttl <= 0) return undefined;
    return { count: Number(value), resetMs: ttl };
  }

  async reset(key: string) {
    await this.redis.del(`jobboard:rl:${key}`);
  }

  async close() {
    this.redis.disconnect();
  }
}

export interface RateRule {
  /** What is counted: 'signin-address', 'signin-account', 'signup-address', ... */
  name: string;
  limit: number;
  windowMs: number;
}

/** 429 with a readable message and Retry-After in whole seconds (at least 1). */
export function rateLimited(resetMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(resetMs / 1000));
  return new AppError('rate_limited', MESSAGES.tooManyRequests, { 'Retry-After': String(seconds) });
}

/**
 * The part of a client address a limit counts: an IPv4 address whole, an IPv6 address by its /64 (one subscriber's
 * network: a single host is routinely handed 2^64 addresses, so counting each would let it walk past every limit).
 * An IPv4-mapped IPv6 address counts as its IPv4 address. Anything else is returned unchanged.
 */
export function addressKey(address: string): string {
  const bare = address.split('%')[0] ?? address;
  if (!net.isIPv6(bare)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as 1-4 lower-case hex digits without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (::1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}

/** Every client address in a key (`address`, `email|address`, `address\njob`) replaced by its `addressKey`. */
function normalisedKey(key: string): string {
  return key
    .split(/([|\n])/)
    .map((part) => (part === '|' || part === '\n' ? part : addressKey(part)))
    .join('');
}

/** The key of one account asked for from one client address. */
export const accountAddressPair = (account: string, address: string): string => `${account}|${address}`;

/** Marks (account, address) pairs the account signed in from recently, counted under this name. */
export const KNOWN_ADDRESS = 'signin-known';

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  /** Counts one hit for each (rule, key) and refuses with 429 and Retry-After when any is over its limit. */
  async consume(checks: [RateRule, string][]): Promise<void> {
    for (const [rule, key] of checks) {
      const outcome = await this.hit(rule.name, key, rule.windowMs);
      if (outcome && outcome.count > rule.limit) throw rateLimited(outcome.resetMs);
    }
  }

  /**
   * One hit on `name:key` in a window of `windowMs` (a new window only when none is running). Undefined when the
   * store is out: a rate-limit store outage must not lock every user out, so callers fail open.
   */
  async hit(name: string, key: string, windowMs: number): Promise<{ count: number; resetMs: number } | undefined> {
    try {
      return await this.store.hit(`${name}:${normalisedKey(key)}`, windowMs);
    } catch {
      return undefined;
    }
  }

  /** The current window of `name:key` without counting, or undefined (none, or the store is out: fail open). */
  async peek(name: string, key: string): Promise<{ count: number; resetMs: number } | undefined> {
    try {
      return await this.store.peek(`${name}:${normalisedKey(key)}`);
    } catch {
      return undefined;
    }
  }

  async forget(rule: Pick<RateRule, 'name'>, key: string): Promise<void> {
    await this.store.reset(`${rule.name}:${normalisedKey(key)}`).catch(() => {});
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return new RateLimiter(redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore());
}
