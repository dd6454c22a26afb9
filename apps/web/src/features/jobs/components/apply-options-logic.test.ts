import { describe, expect, it } from 'vitest';
import { applyOptionsProblem, bodyOf, draftOf, EMPTY_APPLY_OPTIONS, newQuestion } from './apply-options-logic';

describe('apply options in the job form (issue 33)', () => {
  it('sends only the address the method needs, and each question in the shape of its kind', () => {
    const draft = {
      ...EMPTY_APPLY_OPTIONS,
      method: 'external' as const,
      url: ' https://careers.example.com/1 ',
      email: 'kept@example.com',
      questions: [
        {
          ...newQuestion('choice'),
          text: 'Office',
          options: 'Berlin\n\n Lisbon \nNone',
          knockOutOptions: ['None', 'Gone'],
        },
        { ...newQuestion('number'), text: 'Years', min: '2' },
        { ...newQuestion('yesno'), text: 'EU?', required: true, knockOut: 'no' as const },
      ],
    };
    expect(bodyOf(draft)).toEqual({
      method: 'external',
      url: 'https://careers.example.com/1',
      autoReject: false,
      questions: [
        { type: 'choice', text: 'Office', required: false, options: ['Berlin', 'Lisbon', 'None'], knockOut: ['None'] },
        { type: 'number', text: 'Years', required: false, min: 2 },
        { type: 'yesno', text: 'EU?', required: true, knockOut: 'no' },
      ],
    });
    expect(applyOptionsProblem(draft)).toBeUndefined();
  });

  it('names the problem the server would: a missing address, a choice of one option, a minimum that is no number', () => {
    expect(applyOptionsProblem({ ...EMPTY_APPLY_OPTIONS, method: 'email' })).toMatch(/^email: /);
    expect(applyOptionsProblem({ ...EMPTY_APPLY_OPTIONS, method: 'external', url: 'http://x.example' })).toMatch(
      /^url: /,
    );
    const single = { ...newQuestion('choice'), text: 'Which?', options: 'Only' };
    expect(applyOptionsProblem({ ...EMPTY_APPLY_OPTIONS, questions: [single] })).toMatch(/^Question 1: options: /);
    const number = { ...newQuestion('number'), text: 'How many?', min: 'abc' };
    expect(applyOptionsProblem({ ...EMPTY_APPLY_OPTIONS, questions: [number] })).toMatch(/^min: /);
  });

  it('reads saved options back into the form', () => {
    const draft = draftOf({
      method: 'board',
      url: '',
      email: '',
      autoReject: true,
      version: 2,
      answered: true,
      clicks: 0,
      questions: [
        { id: 'q1', type: 'choice', text: 'Office', required: true, options: ['A', 'B'], knockOut: ['B'] },
        { id: 'q2', type: 'number', text: 'Years', required: false, min: 3 },
      ],
    });
    expect(draft.questions.map((q) => [q.type, q.options, q.knockOutOptions, q.min])).toEqual([
      ['choice', 'A\nB', ['B'], ''],
      ['number', '', [], '3'],
    ]);
    expect(bodyOf(draft).questions).toEqual([
      { type: 'choice', text: 'Office', required: true, options: ['A', 'B'], knockOut: ['B'] },
      { type: 'number', text: 'Years', required: false, min: 3 },
    ]);
  });
});
