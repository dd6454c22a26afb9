import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RateLimiter, addressKey } from './rate-limit.js';

describe('rate-limit keys: IPv6 clients by their /64', () => {
  it('keys an IPv6 address by its first 64 bits, however it is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::FFFF')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves IPv4 addresses whole, IPv4-mapped IPv6 as its IPv4 address, and other text alone', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('someone@example.com')).toBe('someone@example.com');
  });

  it('a client walking through its /64 meets one limit; another /64 and IPv4 clients have their own', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const rule = { name: 'test', limit: 3, windowMs: 60_000 };
    for (let i = 1; i <= 3; i += 1) await limiter.consume([[rule, `2001:db8:5:6::${i.toString(16)}`]]);
    await expect(limiter.consume([[rule, '2001:db8:5:6:ffff::4']])).rejects.toMatchObject({ statusCode: 429 });
    await expect(limiter.consume([[rule, '2001:db8:5:7::1']])).resolves.toBeUndefined();
    await expect(limiter.consume([[rule, '192.0.2.1']])).resolves.toBeUndefined();
    await expect(limiter.consume([[rule, '192.0.2.2']])).resolves.toBeUndefined();
  });

  it('addresses inside composite keys (account|address, address and job) count by their /64 too', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    await limiter.hit('pair', 'someone@example.com|2001:db8:9:9::1', 60_000);
    expect((await limiter.peek('pair', 'someone@example.com|2001:db8:9:9::abcd'))?.count).toBe(1);
    await limiter.hit('view', '2001:db8:9:9::1\njob-1', 60_000);
    expect((await limiter.peek('view', '2001:db8:9:9::2\njob-1'))?.count).toBe(1);
    expect(await limiter.peek('view', '2001:db8:9:9::2\njob-2')).toBeUndefined();
    await limiter.forget({ name: 'pair' }, 'someone@example.com|2001:db8:9:9::ffff');
    expect(await limiter.peek('pair', 'someone@example.com|2001:db8:9:9::1')).toBeUndefined();
  });
});
