import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppI18nProvider, createI18n, englishMessages } from '../../lib/i18n';
import { alice, mockFetch, renderPage } from '../../test/render';
import { Header } from './Header';

function renderHeader(user: typeof alice | null) {
  const i18n = createI18n('en', englishMessages);
  renderPage(
    <AppI18nProvider i18n={i18n}>
      <Header />
    </AppI18nProvider>,
    { user },
  );
  return i18n;
}

afterEach(() => {
  document.cookie = 'lang=; Path=/; Max-Age=0';
  document.documentElement.lang = 'en';
  document.documentElement.dir = '';
});

describe('the language menu (issue 35)', () => {
  it('lists the languages in themselves; choosing German sets the cookie, the account, <html lang> and the texts', async () => {
    const fetch = mockFetch((url) => (url.startsWith('/api/user/update/') ? { body: alice } : undefined));
    renderHeader(alice);
    const menu = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Deutsch', 'العربية']);
    await userEvent.selectOptions(menu, 'de');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'Meine Stellen' })).toBeInTheDocument();
    expect(document.cookie).toContain('lang=de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/user/update/u1',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ locale: 'de' }) }),
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  });

  it('Arabic turns the page right to left; a visitor only gets the cookie (no account call)', async () => {
    const fetch = mockFetch(() => undefined);
    renderHeader(null);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');
    expect(await screen.findByRole('link', { name: 'الرئيسية' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.cookie).toContain('lang=ar');
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/user/update/'))).toBe(false);
  });
});
