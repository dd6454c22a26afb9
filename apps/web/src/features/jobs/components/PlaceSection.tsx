import { JOB_MODEL_LIMITS, WORKPLACES } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Combobox, type ComboboxOption } from '../../../components/ui/Combobox';
import { errorProps, FieldShell, inputClass, labelClass } from '../../../components/ui/Field';
import { countryLabel, countryOptions } from '../../../lib/countries';
import { usePlaceSuggestions } from '../../../lib/suggestions';
import { Chip, Hint, Section, textSetter, type JobFormPartProps } from './JobFormParts';

const WORKPLACE_HINTS: Record<(typeof WORKPLACES)[number], MessageDescriptor> = {
  'on-site': msg`At the place below`,
  hybrid: msg`Partly at the place below`,
  remote: msg`From home`,
};
const WORKPLACE_WORDS: Record<(typeof WORKPLACES)[number], MessageDescriptor> = {
  'on-site': msg`On-site`,
  hybrid: msg`Hybrid`,
  remote: msg`Remote`,
};

type PlacePartProps = JobFormPartProps & {
  /** A city given or Remote chosen: the "Enter the city" error no longer applies. */
  onCityResolved: () => void;
};

function WorkplaceField({ values, set, onCityResolved }: Pick<PlacePartProps, 'values' | 'set' | 'onCityResolved'>) {
  const { i18n } = useLingui();
  return (
    <fieldset>
      <legend className={labelClass}>
        <Trans>Workplace</Trans>
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {WORKPLACES.map((workplace) => (
          <label
            key={workplace}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600/40 dark:border-slate-600 dark:has-[:checked]:border-teal-400 dark:has-[:checked]:bg-teal-950"
          >
            <input
              id={`workplace-${workplace}`}
              type="radio"
              name="workplace"
              value={workplace}
              checked={values.workplace === workplace}
              onChange={() => {
                set('workplace', workplace);
                if (workplace === 'remote') onCityResolved();
              }}
              className="mt-0.5 h-4 w-4 accent-teal-700"
            />
            <span>
              <span className="block font-medium text-slate-900 dark:text-white">
                {i18n._(WORKPLACE_WORDS[workplace])}
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {i18n._(WORKPLACE_HINTS[workplace])}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CityCountryFields({ values, errors, set, setValues, onCityResolved }: PlacePartProps) {
  const { t } = useLingui();
  const [cityFocus, setCityFocus] = useState(false);
  const places = usePlaceSuggestions(values.city, cityFocus);
  const onText = textSetter(set);
  const placeOptions: ComboboxOption[] = (places.data ?? []).map((p) => ({
    key: `${p.city}|${p.region}|${p.country}`,
    label: p.city,
    hint: [p.region, p.countryName].filter(Boolean).join(', '),
  }));
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FieldShell id="city" label={values.workplace === 'remote' ? t`City (optional)` : t`City`} error={errors.city}>
        <div onFocus={() => setCityFocus(true)}>
          <Combobox
            id="city"
            value={values.city}
            onValueChange={(text) => {
              setValues((v) => ({ ...v, city: text, region: '' }));
              if (text.trim()) onCityResolved();
            }}
            options={placeOptions}
            onPick={(option) => {
              const place = places.data?.find((p) => `${p.city}|${p.region}|${p.country}` === option.key);
              if (place) setValues((v) => ({ ...v, city: place.city, country: place.country, region: place.region }));
            }}
            onEnter={() => undefined}
            status={places.isFetching && !places.data ? t`Looking up cities...` : undefined}
            placeholder={t`Ex: London`}
            maxLength={JOB_MODEL_LIMITS.city}
            invalid={Boolean(errors.city)}
            describedBy={errors.city ? 'city-error city-hint' : 'city-hint'}
          />
        </div>
        <Hint id="city-hint">
          <Trans>Pick a suggestion, or type any city.</Trans>
        </Hint>
      </FieldShell>
      <FieldShell id="country" label={t`Country`} error={errors.country}>
        <select
          id="country"
          name="country"
          value={values.country}
          onChange={onText('country')}
          className={inputClass}
          {...errorProps('country', errors.country)}
        >
          <option value="">{t`Choose a country`}</option>
          {countryOptions().map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </FieldShell>
    </div>
  );
}

function RemoteCountriesField({ values, errors, setValues }: Pick<PlacePartProps, 'values' | 'errors' | 'setValues'>) {
  const { t } = useLingui();
  const [countryText, setCountryText] = useState('');
  const needle = countryText.trim().toLowerCase();
  const countryMatches: ComboboxOption[] = needle
    ? countryOptions()
        .filter(
          (c) =>
            !values.remoteCountries.includes(c.code) &&
            (c.name.toLowerCase().includes(needle) || c.code.toLowerCase() === needle),
        )
        .slice(0, JOB_MODEL_LIMITS.suggestions)
        .map((c) => ({ key: c.code, label: c.name }))
    : [];
  const addRemoteCountry = (code: string) => {
    setValues((v) => (v.remoteCountries.includes(code) ? v : { ...v, remoteCountries: [...v.remoteCountries, code] }));
    setCountryText('');
  };
  return (
    <FieldShell id="remoteCountries-input" label={t`Countries it can hire in`} error={errors.remoteCountries}>
      <Combobox
        id="remoteCountries-input"
        value={countryText}
        onValueChange={setCountryText}
        options={countryMatches}
        onPick={(option) => addRemoteCountry(option.key)}
        onEnter={() => {
          const only = countryMatches.length === 1 ? countryMatches[0] : undefined;
          if (only) addRemoteCountry(only.key);
        }}
        status={needle ? t`No country by that name` : undefined}
        placeholder={
          values.remoteCountries.length === 0 ? t`Anywhere: type a country to limit it` : t`Add another country`
        }
        invalid={Boolean(errors.remoteCountries)}
        // eslint-disable-next-line lingui/no-unlocalized-strings -- element ids
        describedBy={errors.remoteCountries ? 'remoteCountries-input-error remote-hint' : 'remote-hint'}
        onBackspaceEmpty={() => setValues((v) => ({ ...v, remoteCountries: v.remoteCountries.slice(0, -1) }))}
        before={values.remoteCountries.map((code) => (
          <Chip
            key={code}
            label={countryLabel(code)}
            onRemove={() => setValues((v) => ({ ...v, remoteCountries: v.remoteCountries.filter((c) => c !== code) }))}
          />
        ))}
      />
      <Hint id="remote-hint">
        <Trans>Leave empty when people can work from anywhere.</Trans>
      </Hint>
    </FieldShell>
  );
}

/** The job form's "Where" section: workplace, city and country, and for a remote job the countries it hires in. */
export function PlaceSection(props: PlacePartProps) {
  const { t } = useLingui();
  return (
    <Section id="where-section" title={t`Where`}>
      <WorkplaceField {...props} />
      <CityCountryFields {...props} />
      {props.values.workplace === 'remote' ? <RemoteCountriesField {...props} /> : null}
    </Section>
  );
}
