/** The demo accounts (README) and a small seeded random generator; jobs and companies come from job-generator.ts. */

export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DEMO_PASSWORD = 'jobboard-demo';

export const DEMO_USERS = [
  { name: 'Alice Morgan', username: 'alice', email: 'alice@example.com' },
  { name: 'Bob Okafor', username: 'bob', email: 'bob@example.com' },
  { name: 'Carol Nguyen', username: 'carol', email: 'carol@example.com' },
  { name: 'Dan Eriksen', username: 'dan', email: 'dan@example.com' },
] as const;
