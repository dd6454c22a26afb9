import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { droppedStatement } from './mail.queue.js';

describe('a statement pg-boss sends after the queue stopped', () => {
  it('answers its completion commands with a zero count, which pg-boss reads without failing', () => {
    // The text pg-boss really sends to complete or fail a job (its own plans), not a copy of it, read the way
    // its Manager.mapCommandResponse reads it.
    const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<string, (schema: string) => string>;
    for (const plan of ['completeJobs', 'failJobsById', 'cancelJobs']) {
      const command = plans[plan]?.('pgboss') ?? '';
      expect(command, plan).toMatch(/COUNT\(\*\)/i);
      const { rows } = droppedStatement(command);
      expect(parseInt((rows[0] as { count: string } | undefined)?.count ?? 'x'), plan).toBe(0);
    }
  });

  it('answers anything else with no rows (nothing fetched, nothing inserted)', () => {
    expect(droppedStatement('SELECT * FROM pgboss.job WHERE name = $1 FOR UPDATE SKIP LOCKED')).toEqual({ rows: [] });
  });
});
