import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KnockOutBadge, ScreeningAnswersView } from './ScreeningAnswersView';

describe('screening answers on Responses (issue 33)', () => {
  const screening = {
    knockedOut: true,
    answers: [
      { question: 'Can you work in the EU?', type: 'yesno' as const, answer: 'No', knockedOut: true },
      { question: 'Your GitHub', type: 'text' as const, answer: null, knockedOut: false },
    ],
  };

  it('shows each question as asked with its answer, the knock-out marked, and a badge', () => {
    render(
      <>
        <KnockOutBadge screening={screening} />
        <ScreeningAnswersView screening={screening} />
      </>,
    );
    expect(screen.getByTestId('knock-out-badge').textContent).toBe('Knocked out');
    expect(screen.getByText('Can you work in the EU?')).toBeTruthy();
    expect(screen.getByText('(knock-out answer)').parentElement?.textContent).toBe('No (knock-out answer)');
    expect(screen.getByText('Not answered')).toBeTruthy();
  });

  it('shows nothing for an application without answers, and no badge when nothing knocked it out', () => {
    const { container } = render(
      <>
        <KnockOutBadge screening={{ ...screening, knockedOut: false }} />
        <ScreeningAnswersView screening={null} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
