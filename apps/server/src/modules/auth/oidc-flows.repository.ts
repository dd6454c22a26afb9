import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.js';

/** A Google sign-in that has been started and not finished: what its callback needs, stored under its state. */
export interface PendingFlow {
  codeVerifier: string;
  nonce: string;
  createdAt: Date;
}

/** Only a hash of the state is stored: a database reader cannot finish someone else's sign-in. */
function hashState(state: string): Buffer {
  return createHash('sha256').update(state).digest();
}

export async function insertFlow(db: Queryable, state: string, flow: Omit<PendingFlow, 'createdAt'>): Promise<void> {
  await db.query('INSERT INTO oidc_flows (state_hash, code_verifier, nonce) VALUES ($1, $2, $3)', [
    hashState(state),
    flow.codeVerifier,
    flow.nonce,
  ]);
}

/** Reads and deletes the flow in one statement: a state works once. */
export async function takeFlow(db: Queryable, state: string): Promise<PendingFlow | undefined> {
  const rows = await db.query<{ code_verifier: string; nonce: string; created_at: Date }>(
    'DELETE FROM oidc_flows WHERE state_hash = $1 RETURNING code_verifier, nonce, created_at',
    [hashState(state)],
  );
  const row = rows[0];
  return row && { codeVerifier: row.code_verifier, nonce: row.nonce, createdAt: new Date(row.created_at) };
}

/** Flows started before `before` that were never finished; answers how many were removed. */
export async function deleteFlowsOlderThan(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM oidc_flows WHERE created_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [before],
  );
  return rows[0]?.n ?? 0;
}
