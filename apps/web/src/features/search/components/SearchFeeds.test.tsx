import type { Language } from '@jobboard/shared';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n, loadMessages } from '../../../lib/i18n';
import { SearchFeeds } from './SearchFeeds';

/** The head's feed links as `SearchFeeds` writes them for a reader of `language`: [type, href, title]. */
async function feedLinks(language: Language, search: string) {
  const i18n = createI18n(language, await loadMessages(language));
  render(
    <I18nProvider i18n={i18n}>
      <SearchFeeds search={search} />
    </I18nProvider>,
  );
  await screen.findByRole('link', { name: /^RSS/ });
  return [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
    link.getAttribute('type'),
    link.getAttribute('href'),
    link.getAttribute('title'),
  ]);
}

describe("the search's feed links in the page's language (issue 35)", () => {
  it('English: the spec’s description of the search', async () => {
    expect(await feedLinks('en', 'q=react&where=Berlin')).toEqual([
      ['application/rss+xml', '/feed.rss?q=react&where=Berlin', 'RSS: react jobs in Berlin'],
      ['application/atom+xml', '/feed.atom?q=react&where=Berlin', 'Atom: react jobs in Berlin'],
      ['application/feed+json', '/feed.json?q=react&where=Berlin', 'JSON Feed: react jobs in Berlin'],
    ]);
  });

  it('German: no English words, the formats by their own names', async () => {
    expect((await feedLinks('de', 'q=react&where=Berlin')).map(([, , title]) => title)).toEqual([
      'RSS: Stellen dieser Suche',
      'Atom: Stellen dieser Suche',
      'JSON Feed: Stellen dieser Suche',
    ]);
    expect(screen.getByRole('link', { name: /^RSS/ })).toHaveAttribute('title', 'RSS: Stellen dieser Suche');
  });

  it('Arabic: the same plain words', async () => {
    const [rss] = await feedLinks('ar', 'workplace=remote');
    expect(rss).toEqual(['application/rss+xml', '/feed.rss?workplace=remote', 'RSS: وظائف هذا البحث']);
  });
});
