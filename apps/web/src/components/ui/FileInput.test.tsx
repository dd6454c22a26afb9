import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { featureMessages } from '../../lib/feature-catalogues';
import { createI18n, loadMessages } from '../../lib/i18n';
import { FileInput } from './FileInput';

const pdf = () => new File(['%PDF-1.4'], 'Cara CV.pdf', { type: 'application/pdf' });

async function renderIn(language: 'en' | 'de', onChange?: (event: ChangeEvent<HTMLInputElement>) => void) {
  // Its words are in `common`, which comes with every screen that has a file field (the apply dialog, the profile).
  const messages = { ...(await loadMessages(language)), ...(await featureMessages('profile', language)) };
  const i18n = createI18n(language, messages);
  render(
    <I18nProvider i18n={i18n}>
      <label htmlFor="cv">CV</label>
      <FileInput id="cv" onChange={onChange} />
    </I18nProvider>,
  );
}

describe('a file field in the reader’s language (issue 35)', () => {
  it('says its button and "no file" in German, and is named by the field’s own label', async () => {
    await renderIn('de');
    expect(screen.getByText('Datei auswählen')).toBeInTheDocument();
    expect(screen.getByText('Keine Datei ausgewählt')).toBeInTheDocument();
    expect(screen.getByLabelText('CV')).toHaveAttribute('type', 'file');
  });

  it('names the chosen file', async () => {
    await renderIn('en');
    await userEvent.upload(screen.getByLabelText('CV'), pdf());
    expect(screen.getByText('Cara CV.pdf')).toBeInTheDocument();
  });

  it('shows none chosen after its handler empties the input', async () => {
    await renderIn('en', (event) => {
      event.target.value = '';
    });
    await userEvent.upload(screen.getByLabelText('CV'), pdf());
    expect(screen.queryByText('Cara CV.pdf')).toBeNull();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });
});
