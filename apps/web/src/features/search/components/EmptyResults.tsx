import type { SearchQuery, SearchResult } from '@jobboard/shared';
import { MESSAGES } from '@jobboard/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api';
import { serverText, type ServerTexts } from '../../../lib/server-text';

/*
 * What an empty result offers beside the spec's "No Data Found !": the places meant when "where" names none the
 * board knows, and the ways to widen the search; for a search that failed, why. Loaded only when a search finds
 * nothing.
 */

export interface EmptyResultsProps {
  query: SearchQuery;
  unknownPlace: SearchResult['unknownPlace'];
  /** Search again with `patch` (HomePage's update; the where box follows the address). */
  onChange: (patch: Partial<SearchQuery>) => void;
  /** The app's "Create an alert" for this search. */
  alert: ReactNode;
}

const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

/** The filters of a query beyond its text and place: what "Clear filters" removes. */
const FILTER_KEYS = [
  'location',
  'country',
  'salaryType',
  'maxPrice',
  'posted',
  'experience',
  'employment',
  'workplace',
  'skill',
  'remoteCountry',
  'language',
  'payMin',
] as const;

export function EmptyResults({ query, unknownPlace, onChange, alert }: EmptyResultsProps) {
  const filtered = FILTER_KEYS.some((key) => query[key] !== undefined);
  const suggestions = unknownPlace?.suggestions ?? [];
  const { t } = useLingui();
  return (
    <div data-testid="empty-results" className="mt-4 space-y-3 text-center text-sm text-slate-700 dark:text-slate-300">
      {unknownPlace ? (
        <p>
          {suggestions.length ? (
            <Trans>
              We do not know a place called{' '}
              <strong className="font-semibold text-slate-900 dark:text-white">
                <bdi>{unknownPlace.where}</bdi>
              </strong>
              . Did you mean:
            </Trans>
          ) : (
            <Trans>
              We do not know a place called{' '}
              <strong className="font-semibold text-slate-900 dark:text-white">
                <bdi>{unknownPlace.where}</bdi>
              </strong>
              .
            </Trans>
          )}
        </p>
      ) : null}
      {suggestions.length ? (
        <ul aria-label={t`Places you may mean`} className="flex flex-wrap justify-center gap-2">
          {suggestions.map((place) => (
            <li key={place}>
              <button type="button" className={buttonClass} onClick={() => onChange({ where: place })}>
                {place}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center justify-center gap-2">
        {filtered ? (
          <button
            type="button"
            className={buttonClass}
            onClick={() => onChange(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])))}
          >
            <Trans>Clear filters</Trans>
          </button>
        ) : null}
        {query.where ? (
          <button type="button" className={buttonClass} onClick={() => onChange({ where: undefined })}>
            <Trans>Search everywhere</Trans>
          </button>
        ) : null}
        {alert}
      </div>
    </div>
  );
}

/** The search API's refusals, in the reader's language before the server-text map has loaded (a first visit). */
const SEARCH_TEXTS: ServerTexts = {
  [MESSAGES.searchTimedOut]: msg`This search took too long. Try more specific words or a filter, or try again shortly.`,
  [MESSAGES.databaseUnavailable]: msg`The service is temporarily unavailable. Please try again shortly.`,
  [MESSAGES.serverError]: msg`Something went wrong on our side. Please try again.`,
};

/** Why a search found nothing because it failed: the connection, what to do about a distance, or the server's reason. */
export function SearchFailure({ error }: { error: Error | null | undefined }) {
  const { i18n, t } = useLingui();
  // lib/api answers a request that never reached the server with status 0.
  if (!(error instanceof ApiError) || error.status === 0)
    return <Failure>{t`The search could not reach the server. Check your connection and try again.`}</Failure>;
  // A distance chosen with a place that is no city ("Seatle", a country): the API's own words are for programs.
  if (error.message === MESSAGES.radiusNeedsCity)
    return (
      <Failure>
        {t`A distance is measured from a city: type one in the Where box (such as Seattle, WA), or choose This place only.`}
      </Failure>
    );
  return <Failure>{serverText(i18n, error.message, SEARCH_TEXTS)}</Failure>;
}

function Failure({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}
