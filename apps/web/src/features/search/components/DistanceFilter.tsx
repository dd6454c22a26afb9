import type { SearchQuery } from '@jobboard/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RadioGroup } from './FilterControls';

export const KM_PER_MILE = 1.609344;

/** The radii offered, in kilometres, each also read in miles (the unit some readers think in). */
const RADII = [10, 25, 50, 100].map((km) => ({ km, mi: Math.round(km / KM_PER_MILE) }));

interface DistanceFilterProps {
  idPrefix: string;
  form?: string | undefined;
  query: SearchQuery;
  onChange: (patch: Partial<SearchQuery>) => void;
}

/**
 * Distance from the city in "where": its own jobs, or those within a radius, and then, by a switch, the remote jobs
 * open to its country. As plain form fields without scripts, like the other groups.
 */
export function DistanceFilter({ idPrefix, form, query, onChange }: DistanceFilterProps) {
  const remoteId = `${idPrefix}-with-remote`;
  const { i18n, t } = useLingui();
  const radii = RADII.map(({ km, mi }) => ({ value: String(km), label: i18n._(msg`Within ${km} km (${mi} mi)`) }));
  return (
    <div className="space-y-2">
      <RadioGroup
        form={form}
        name={form ? 'radius' : `${idPrefix}-radius`}
        title={t`Distance`}
        allLabel={t`This place only`}
        options={radii}
        current={query.radius === undefined ? undefined : String(query.radius)}
        onPick={(value) =>
          onChange(value === undefined ? { radius: undefined, withRemote: undefined } : { radius: Number(value) })
        }
      />
      {query.radius !== undefined ? (
        <label htmlFor={remoteId} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            id={remoteId}
            type="checkbox"
            form={form}
            name={form ? 'withRemote' : undefined}
            value="1"
            checked={query.withRemote === '1' || query.withRemote === 'true'}
            onChange={(event) => onChange({ withRemote: event.target.checked ? '1' : undefined })}
            className="h-4 w-4 rounded border-slate-400 text-teal-700 focus:ring-teal-600"
          />
          <Trans>Include remote jobs open to this country</Trans>
        </label>
      ) : null}
    </div>
  );
}
