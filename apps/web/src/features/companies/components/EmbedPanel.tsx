import { Trans, useLingui } from '@lingui/react/macro';
import { Code } from 'lucide-react';
import { useState } from 'react';
import { inputClass } from '../../../components/ui/Field';
import { useHydrated } from '../../../lib/hydrated';

const cardClass =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900';
const muted = 'text-sm text-slate-700 dark:text-slate-300';

/** The iframe a company pastes into its own site (GET /embed/companies/:slug), with its few options. */
export function embedSnippet(origin: string, slug: string, place: string, theme: string): string {
  const params = new URLSearchParams();
  if (place.trim()) params.set('place', place.trim());
  if (theme !== 'auto') params.set('theme', theme);
  const query = params.toString();
  const src = `${origin}/embed/companies/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`;
  // The code goes into the company's own site, as it is: not a text of this page.
  // eslint-disable-next-line lingui/no-unlocalized-strings
  return `<iframe src="${src.replace(/&/g, '&amp;')}" title="Open jobs" width="100%" height="400" style="border:0"></iframe>`;
}

/** Members see the code that shows the company's open jobs on its own site (issue 36 item 5). */
export function EmbedPanel({ slug }: { slug: string }) {
  const [place, setPlace] = useState('');
  const [theme, setTheme] = useState('auto');
  // The board's address as the browser sees it: known after hydration (the page is also rendered on the server).
  const origin = useHydrated() ? window.location.origin : '';
  const snippet = origin ? embedSnippet(origin, slug, place, theme) : '';
  const { t } = useLingui();
  return (
    <section aria-labelledby="embed-heading" className={cardClass}>
      <h2 id="embed-heading" className="flex items-center gap-2 text-lg font-bold">
        <Code size={18} aria-hidden="true" />
        <Trans>Show these jobs on your site</Trans>
      </h2>
      <p className={`mt-1 ${muted}`}>
        <Trans>
          Paste this code into a page of your site: it lists the open jobs, each linking here. It runs no script, so
          your site&apos;s security policy only needs to allow frames from this board.
        </Trans>
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="embed-place" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            <Trans>Only jobs in (optional)</Trans>
          </label>
          <input
            id="embed-place"
            value={place}
            maxLength={100}
            onChange={(event) => setPlace(event.target.value)}
            placeholder={t`Berlin`}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="embed-theme" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            <Trans>Colours</Trans>
          </label>
          <select
            id="embed-theme"
            value={theme}
            onChange={(event) => setTheme(event.target.value)}
            className={inputClass}
          >
            <option value="auto">{t`Follow the visitor's setting`}</option>
            <option value="light">{t`Light`}</option>
            <option value="dark">{t`Dark`}</option>
          </select>
        </div>
      </div>
      <label htmlFor="embed-code" className="mt-3 mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        <Trans>Code</Trans>
      </label>
      <textarea
        dir="ltr"
        id="embed-code"
        readOnly
        rows={3}
        value={snippet}
        onFocus={(event) => event.currentTarget.select()}
        className={`${inputClass} font-mono text-xs`}
      />
    </section>
  );
}
