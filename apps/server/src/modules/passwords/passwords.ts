import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot import.
const ARGON2ID = 2;

// OWASP's Argon2id baseline: m=19456 KiB, t=2, p=1 (docs/principles.md, "Stack").
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown email, provider-only account) it still spends the time
 * of one verification, so response time does not tell which emails have accounts.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('timing-equaliser-not-a-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
