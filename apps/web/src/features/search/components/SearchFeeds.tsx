import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FEED_FORMAT_NAMES, searchFeedLinks, type FeedLink } from '@jobboard/shared';
import { useEffect } from 'react';
import { useHydrated } from '../../../lib/hydrated';

/**
 * The search's feed links, titled in the page's language. English keeps the spec's words for the search
 * (describeSearch: "RSS: react jobs in Berlin"); German and Arabic name it plainly ("RSS: Stellen dieser Suche"):
 * their words for a search's criteria are the server's catalogue's (the server-rendered head and the feeds
 * themselves say them), which the home page's first load does not carry.
 */
function feedLinksIn(search: string, language: string, thisSearch: string): FeedLink[] {
  const links = searchFeedLinks(search);
  if (language === 'en') return links;
  return links.map((link) => ({ ...link, title: `${FEED_FORMAT_NAMES[link.format]}: ${thisSearch}` }));
}

/**
 * The current search's feeds (RSS, Atom, JSON Feed; docs/decisions/0016-sitemaps-and-feeds.md). The <link
 * rel="alternate"> elements go to the document's head (React 19 hoists them there), where feed readers and
 * browser extensions look; the visible link is for people. `search` is the home page's query string.
 */
export function SearchFeeds({ search }: { search: string }) {
  const { i18n } = useLingui();
  const links = feedLinksIn(search, i18n.locale, i18n._(msg`Jobs of this search`));
  const rss = links.find((link) => link.format === 'rss');
  // A server-rendered home page names its feeds in its head (apps/server/src/modules/pages/head.ts, for readers that
  // run no script); once the browser has the page, these take over and those go. Rendered on the server, React would
  // write these at the top of the page's body instead, where feed readers do not look.
  const hydrated = useHydrated();
  useEffect(() => {
    for (const link of document.head.querySelectorAll('link[data-server-feed]')) link.remove();
  }, []);
  return (
    <>
      {(hydrated ? links : []).map((link) => (
        <link key={link.format} rel="alternate" type={link.type} title={link.title} href={link.href} />
      ))}
      {rss ? (
        <a
          href={rss.href}
          title={rss.title}
          className="rounded-lg px-1.5 py-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-teal-300"
        >
          <Trans>
            RSS<span className="sr-only"> feed of this search</span>
          </Trans>
        </a>
      ) : null}
    </>
  );
}
