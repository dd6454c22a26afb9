import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { EmbedPanel, embedSnippet } from './EmbedPanel';

describe('the embed code (issue 36 item 5)', () => {
  it('is an iframe of the company’s embed page with the chosen place and colours, the & written as &amp;', () => {
    expect(embedSnippet('https://jobs.example', 'acme', '', 'auto')).toBe(
      '<iframe src="https://jobs.example/embed/companies/acme" title="Open jobs" width="100%" height="400" style="border:0"></iframe>',
    );
    expect(embedSnippet('https://jobs.example', 'acme', ' São Paulo ', 'dark')).toContain(
      'src="https://jobs.example/embed/companies/acme?place=S%C3%A3o+Paulo&amp;theme=dark"',
    );
  });

  it('follows the options as they change', async () => {
    renderPage(<EmbedPanel slug="acme" />);
    const code = screen.getByLabelText('Code');
    expect(code).toHaveValue(embedSnippet(window.location.origin, 'acme', '', 'auto'));
    await userEvent.type(screen.getByLabelText('Only jobs in (optional)'), 'Berlin');
    await userEvent.selectOptions(screen.getByLabelText('Colours'), 'light');
    expect(code).toHaveValue(embedSnippet(window.location.origin, 'acme', 'Berlin', 'light'));
    expect(String((code as HTMLTextAreaElement).value)).toContain('?place=Berlin&amp;theme=light');
  });
});
