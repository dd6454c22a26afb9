import type { Facets, FilterGroup, SearchQuery, TopFacets } from '@jobboard/shared';
import { FILTER_GROUPS, PAY_AT_LEAST_OPTIONS } from '@jobboard/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { countryLabel, countryOptions } from '../../../lib/countries';
import { countLabel } from '../../../lib/format';
import { useHydrated } from '../../../lib/hydrated';
import { optionWord } from '../../../lib/job-words';
import { jobLanguageOptions } from '../../../lib/language';
import { DistanceFilter } from './DistanceFilter';
import { EstimatedText, legendClass, LinkGroup, RadioGroup, type RadioGroupProps } from './FilterControls';

const GROUP_TITLES: Record<FilterGroup, MessageDescriptor> = {
  location: msg`Location`,
  salaryType: msg`Paid`,
  maxPrice: msg`Up to`,
  posted: msg`Date of Posting`,
  experience: msg`Work Experience`,
  employment: msg`Type of Employment`,
  workplace: msg`Workplace`,
};

const ALL_LABELS: Record<FilterGroup, MessageDescriptor> = {
  location: msg`All`,
  salaryType: msg`Any`,
  maxPrice: msg`All`,
  posted: msg`All time`,
  experience: msg`Any experience`,
  employment: msg`Any`,
  workplace: msg`Any`,
};

/*
 * The spec's maximum price values are thousands ("30" is 30k): its labels ("< 30000k") read as 30 million.
 * "Work remotely", a spec value of Work Experience, is where the work happens: the Workplace group's Remote says
 * it; an old link's experience=work remotely still filters, and its option shows while it is chosen.
 */
const OPTIONS: Record<FilterGroup, readonly { value: string; label: string }[]> = {
  ...FILTER_GROUPS,
  experience: FILTER_GROUPS.experience.filter((o) => o.value !== 'work remotely'),
};

/** A group's options: an old link's experience=work remotely shows its option while it is chosen. */
const optionsOf = (name: FilterGroup, query: SearchQuery) =>
  name === 'experience' && query.experience === 'work remotely' ? FILTER_GROUPS.experience : OPTIONS[name];

const POSTED_WORDS: Record<string, MessageDescriptor> = {
  '24h': msg`Last 24 hours`,
  '7d': msg`Last 7 days`,
  '30d': msg`Last Month`,
};

/** A group's options with their labels in the reader's language (the values in the address stay the spec's). */
function translated<T extends { value: string; label: string }>(
  i18n: I18n,
  name: FilterGroup,
  options: readonly T[],
): T[] {
  return options.map((option) => {
    const posted = name === 'posted' ? POSTED_WORDS[option.value] : undefined;
    return { ...option, label: posted ? i18n._(posted) : optionWord(i18n, option.label) };
  });
}

const maxPriceOptions = (i18n: I18n) =>
  OPTIONS.maxPrice.map(({ value }) => ({ value, label: i18n._(msg`Up to $${value}k`) }));

export interface FilterPanelProps {
  idPrefix: string;
  /**
   * The id of the search's GET form, for the one panel whose choices submit with it (by their URL parameters'
   * names): without the app's scripts, a choice and "Apply filters" are a plain request for the results.
   */
  form?: string;
  query: SearchQuery;
  facets: Facets | undefined;
  /** The most common places and skills of the current results. */
  topFacets: TopFacets | undefined;
  onChange: (patch: Partial<SearchQuery>) => void;
  /** The address of the current search with `patch` applied: places and skills are links. */
  hrefFor: (patch: Partial<SearchQuery>) => string;
  /** The counts are estimates from a sample (the search matched too many jobs to count them all). */
  estimated?: boolean;
}

const placeLabel = (city: string, country: string | undefined) =>
  [city, country && countryLabel(country)].filter(Boolean).join(', ');

/**
 * One Location group: the spec's four cities (location=london: any London), the results' most common places not
 * among them (location and country: 'berlin|DE'), and the place chosen when it is neither (an older list's, a link's).
 */
function locationOptions(
  chosen: string | undefined,
  query: SearchQuery,
  counts: Record<string, number>,
  topFacets: TopFacets | undefined,
) {
  const options: { value: string; label: string; asWritten: true }[] = FILTER_GROUPS.location.map((option) => ({
    ...option,
    asWritten: true,
  }));
  for (const place of topFacets?.places ?? []) {
    const value = `${place.city.toLowerCase()}|${place.country}`;
    if (!place.city || options.some((o) => o.value === place.city.toLowerCase())) continue;
    counts[value] = place.count;
    options.push({ value, label: placeLabel(place.city, place.country), asWritten: true });
  }
  const city = query.location ?? '';
  if (chosen && !options.some((o) => o.value === chosen))
    options.push({
      value: chosen,
      label: placeLabel(city.charAt(0).toUpperCase() + city.slice(1), query.country),
      asWritten: true,
    });
  return options;
}

type PanelPart = Pick<FilterPanelProps, 'form' | 'query' | 'onChange'>;

/**
 * A filter chosen from options named by the runtime's ICU (countries, languages), whose names differ between versions
 * (Node's on the server, the browser's here): the list is written once the browser has taken the page over.
 */
function NamedOptionsSelect({
  id,
  form,
  name,
  label,
  anyLabel,
  value,
  options,
  onPick,
}: {
  id: string;
  form: string | undefined;
  name: string;
  label: ReactNode;
  anyLabel: string;
  value: string | undefined;
  options: readonly { code: string; name: string }[];
  onPick: (code: string) => void;
}) {
  const hydrated = useHydrated();
  return (
    <div>
      <label htmlFor={id} className={legendClass + ' block'}>
        {label}
      </label>
      <select
        id={id}
        name={form ? name : undefined}
        form={form}
        value={value ?? ''}
        onChange={(event) => onPick(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        <option value="">{anyLabel}</option>
        {options
          .filter((option) => hydrated || option.code === value)
          .map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
      </select>
    </div>
  );
}

/** Remote jobs open to a country: choosing one also chooses Remote. */
function RemoteCountrySelect({ id, form, query, onChange }: PanelPart & { id: string }) {
  const { i18n } = useLingui();
  return (
    <NamedOptionsSelect
      id={id}
      form={form}
      name="remoteCountry"
      label={<Trans>Remote jobs open to my country</Trans>}
      anyLabel={i18n._(msg`Any country`)}
      value={query.remoteCountry}
      options={countryOptions()}
      onPick={(code) => onChange(code ? { workplace: 'remote', remoteCountry: code } : { remoteCountry: undefined })}
    />
  );
}

/** Jobs written in one language (the job form asks it). */
function JobLanguageSelect({ id, form, query, onChange }: PanelPart & { id: string }) {
  const { i18n } = useLingui();
  return (
    <NamedOptionsSelect
      id={id}
      form={form}
      name="language"
      label={<Trans>Language of the job</Trans>}
      anyLabel={i18n._(msg`Any language`)}
      value={query.language}
      options={jobLanguageOptions(i18n.locale)}
      onPick={(code) => onChange({ language: (code || undefined) as SearchQuery['language'] })}
    />
  );
}

/** The current results' most common skills, as links. */
function SkillLinks({
  id,
  query,
  topFacets,
  hrefFor,
  estimated,
}: Pick<FilterPanelProps, 'query' | 'topFacets' | 'hrefFor' | 'estimated'> & { id: string }) {
  const skills = topFacets?.skills ?? [];
  const { t } = useLingui();
  return (
    <LinkGroup
      estimated={estimated}
      id={id}
      title={t`Skills`}
      items={[
        { key: '', label: t`Any skill`, active: !query.skill, href: hrefFor({ skill: undefined }) },
        ...skills.map((skill) => ({
          key: skill.value,
          label: skill.label,
          asWritten: true,
          count: skill.count,
          active: query.skill === skill.value.toLowerCase(),
          href: hrefFor({ skill: skill.value.toLowerCase() }),
        })),
      ]}
    />
  );
}

interface PayFiltersProps extends PanelPart, Pick<FilterPanelProps, 'idPrefix' | 'facets' | 'estimated'> {
  /** The spec's "Up to" group, drawn by the panel. */
  maxPrice: ReactNode;
}

/** Pay: how it is paid (buttons), at least a yearly amount, and the spec's "Up to". */
function PayFilters({ idPrefix, form, query, facets, estimated, onChange, maxPrice }: PayFiltersProps) {
  const { i18n, t } = useLingui();
  const salary = translated(i18n, 'salaryType', FILTER_GROUPS.salaryType);
  return (
    <fieldset className="space-y-3">
      <legend className={legendClass}>{t`Pay`}</legend>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-300">
          {i18n._(GROUP_TITLES.salaryType)}
        </legend>
        <div className="flex flex-wrap gap-2" role="group">
          {[{ value: undefined, label: i18n._(ALL_LABELS.salaryType) }, ...salary].map((option) => {
            const active = query.salaryType === option.value;
            const count = countLabel(option.value ? facets?.salaryType[option.value] : undefined, estimated);
            return (
              <button
                key={option.label}
                {...(form
                  ? { type: 'submit' as const, form, name: 'salaryType', value: option.value ?? '' }
                  : { type: 'button' as const })}
                aria-pressed={active}
                onClick={(event) => {
                  event.preventDefault();
                  onChange({ salaryType: option.value });
                }}
                className={`rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors ${
                  active
                    ? 'border-teal-700 bg-teal-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
                }`}
              >
                {option.label}
                {count !== undefined ? (
                  <span className="ms-1 tabular-nums opacity-90">
                    (<EstimatedText text={count} estimated={estimated} />)
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        {/* After the buttons: a pressed one's value comes first in the form's data, and wins. */}
        {form && query.salaryType ? (
          <input type="hidden" form={form} name="salaryType" value={query.salaryType} />
        ) : null}
      </fieldset>
      <RadioGroup
        small
        form={form}
        name={form ? 'payMin' : `${idPrefix}-payMin`}
        title={t`At least (a year)`}
        allLabel={t`Any`}
        options={PAY_AT_LEAST_OPTIONS}
        current={query.payMin === undefined ? undefined : String(query.payMin)}
        onPick={(value) => onChange({ payMin: value === undefined ? undefined : Number(value) })}
      />
      {maxPrice}
    </fieldset>
  );
}

/**
 * The sidebar of docs/product.md, "Constants and filters" (single-choice groups, each with an All/Any option,
 * counts beside each option), with the job model's: workplace, remote jobs open to a country, pay at least, and
 * the most common places and skills of the current results as links.
 */
export function FilterPanel({
  idPrefix,
  form,
  query,
  facets,
  topFacets,
  onChange,
  hrefFor,
  estimated,
}: FilterPanelProps) {
  const { i18n } = useLingui();
  const group = (name: FilterGroup, extra: Partial<RadioGroupProps> = {}) => (
    <RadioGroup
      key={name}
      name={form ? name : `${idPrefix}-${name}`}
      form={form}
      title={i18n._(GROUP_TITLES[name])}
      allLabel={i18n._(ALL_LABELS[name])}
      options={name === 'maxPrice' ? maxPriceOptions(i18n) : translated(i18n, name, optionsOf(name, query))}
      current={query[name]}
      counts={facets?.[name]}
      estimated={estimated}
      onPick={(value) => onChange({ [name]: value })}
      {...extra}
    />
  );
  const remoteId = `${idPrefix}-remote-country`;
  const chosenPlace = query.location && query.country ? `${query.location}|${query.country}` : query.location;
  const placeCounts: Record<string, number> = { ...facets?.location };

  return (
    <div className="space-y-6">
      {form ? (
        <noscript>
          <button
            type="submit"
            form={form}
            className="w-full rounded-lg bg-teal-700 px-3 py-2 text-sm font-semibold text-white"
          >
            <Trans>Apply filters</Trans>
          </button>
        </noscript>
      ) : null}
      {form && query.skill ? <input type="hidden" form={form} name="skill" value={query.skill} /> : null}
      {group('location', {
        options: locationOptions(chosenPlace, query, placeCounts, topFacets),
        current: chosenPlace,
        counts: placeCounts,
        onPick: (value) => {
          const [city, country] = (value ?? '').split('|');
          onChange({ location: city || undefined, country: country || undefined });
        },
      })}
      {query.where ? <DistanceFilter idPrefix={idPrefix} form={form} query={query} onChange={onChange} /> : null}
      {group('workplace')}
      <RemoteCountrySelect id={remoteId} form={form} query={query} onChange={onChange} />
      <SkillLinks
        id={`${idPrefix}-skills`}
        query={query}
        topFacets={topFacets}
        hrefFor={hrefFor}
        estimated={estimated}
      />
      <PayFilters
        idPrefix={idPrefix}
        form={form}
        query={query}
        facets={facets}
        estimated={estimated}
        onChange={onChange}
        maxPrice={group('maxPrice', { small: true })}
      />
      {group('posted')}
      {group('experience')}
      {group('employment')}
      <JobLanguageSelect id={`${idPrefix}-language`} form={form} query={query} onChange={onChange} />
    </div>
  );
}
