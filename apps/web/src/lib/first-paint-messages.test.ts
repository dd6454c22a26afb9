import { MESSAGES } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_MESSAGES } from './first-paint-messages';

describe('FIRST_PAINT_MESSAGES', () => {
  it('are the shared messages, word for word', () => {
    for (const [key, text] of Object.entries(FIRST_PAINT_MESSAGES)) {
      expect(text, key).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    }
  });
});
