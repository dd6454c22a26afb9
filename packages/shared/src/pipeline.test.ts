import { describe, expect, it } from 'vitest';
import { PIPELINE_LIMITS } from './pipeline-messages.js';
import { conversionText, noteBodySchema, responsesQuerySchema, stageBodySchema } from './pipeline.js';
import { MAILED_STAGES } from './stages.js';

describe('pipeline contracts', () => {
  it('writes conversion as a percentage, with a decimal below 10%', () => {
    expect(conversionText(null)).toBe('–');
    expect(conversionText(0)).toBe('0%');
    expect(conversionText(0.25)).toBe('25%');
    expect(conversionText(5 / 1234)).toBe('0.4%');
    expect(conversionText(1.5)).toBe('150%');
  });

  it('mails the applicant about interview, offer, hired and rejected only', () => {
    expect([...MAILED_STAGES].sort()).toEqual(['hired', 'interview', 'offer', 'rejected']);
  });

  it('names the field of a bad stage, note or filter', () => {
    expect(stageBodySchema.safeParse({ stage: 'maybe' }).error?.issues[0]?.message).toMatch(/^stage/);
    expect(noteBodySchema.safeParse({ body: ' ' }).error?.issues[0]?.message).toMatch(/^body/);
    expect(noteBodySchema.safeParse({ body: 'x'.repeat(5001) }).error?.issues[0]?.message).toMatch(/^body/);
    expect(noteBodySchema.parse({ body: '  kept  ' })).toEqual({ body: 'kept' });
    expect(responsesQuerySchema.safeParse({ job: 'x' }).error?.issues[0]?.message).toMatch(/^job/);
    expect(responsesQuerySchema.parse({})).toEqual({ page: 1, pageSize: PIPELINE_LIMITS.pageSize });
  });
});
