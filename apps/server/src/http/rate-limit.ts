import { Redis } from 'ioredis';
import { MESSAGES } from '@jobboard/shared';
import { AppError } from './errors.js';

/** Counts hits per key in fixed windows; the store is shared by all app instances when it is Redis. */
export interface RateLimitStore {
  /** Adds one hit and answers the count in the current window and the milliseconds until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** Forgets a key (a successful sign-in clears that account's failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async close() {
    this.windows.clear();
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
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

  async reset(key: string) {
    await this.redis.del(`jobboard:rl:${key}`);
  }

  async close() {
    this.redis.disconnect();
  }
}

export interface RateRule {
  /** What is counted: 'signin-ip', 'signin-account', 'signup-ip'. */
  name: string;
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  /** Counts one hit for each (rule, key) and refuses with 429 and Retry-After when any is over its limit. */
  async consume(checks: [RateRule, string][]): Promise<void> {
    for (const [rule, key] of checks) {
      let outcome: { count: number; resetMs: number };
      try {
        outcome = await this.store.hit(`${rule.name}:${key}`, rule.windowMs);
      } catch {
        // A rate-limit store outage must not lock every user out: fail open, the passwords still hold.
        continue;
      }
      if (outcome.count > rule.limit) {
        const seconds = Math.max(1, Math.ceil(outcome.resetMs / 1000));
        throw new AppError('rate_limited', MESSAGES.tooManyRequests, { 'Retry-After': String(seconds) });
      }
    }
  }

  async forget(rule: RateRule, key: string): Promise<void> {
    await this.store.reset(`${rule.name}:${key}`).catch(() => {});
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return new RateLimiter(redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore());
}
