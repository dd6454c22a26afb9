import type { Facets, FilterGroup, SearchFilters } from '@jobboard/shared';
import { FILTER_GROUPS } from '@jobboard/shared';

const GROUP_TITLES: Record<FilterGroup, string> = {
  location: 'Location',
  salaryType: 'Salary',
  maxPrice: 'Maximum price',
  posted: 'Date of Posting',
  experience: 'Work Experience',
  employment: 'Type of Employment',
};

const ALL_LABELS: Record<FilterGroup, string> = {
  location: 'All',
  salaryType: 'Any',
  maxPrice: 'All',
  posted: 'All time',
  experience: 'Any experience',
  employment: 'Any',
};

export interface FilterPanelProps {
  idPrefix: string;
  filters: SearchFilters;
  facets: Facets | undefined;
  onChange: (group: FilterGroup, value: string | undefined) => void;
}

function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-200">
      {value}
    </span>
  );
}

const radioRowClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/** The sidebar of docs/product.md, "Constants and filters": single-choice groups, each with an All/Any option, counts beside each option. */
export function FilterPanel({ idPrefix, filters, facets, onChange }: FilterPanelProps) {
  const groups = Object.keys(FILTER_GROUPS) as FilterGroup[];
  return (
    <div className="space-y-6">
      {groups.map((group) => {
        const options = FILTER_GROUPS[group];
        const current = filters[group];
        const counts = facets?.[group];
        if (group === 'salaryType') {
          return (
            <fieldset key={group}>
              <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-white">{GROUP_TITLES[group]}</legend>
              <div className="flex flex-wrap gap-2" role="group">
                {[{ value: undefined, label: ALL_LABELS[group] }, ...options].map((option) => {
                  const active = current === option.value;
                  const count = option.value ? counts?.[option.value] : undefined;
                  return (
                    <button
                      key={option.label}
                      type="button"
                      aria-pressed={active}
                      onClick={() => onChange(group, option.value)}
                      className={`rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors ${
                        active
                          ? 'border-teal-700 bg-teal-700 text-white'
                          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
                      }`}
                    >
                      {option.label}
                      {count !== undefined ? <span className="ml-1 tabular-nums opacity-90">({count})</span> : null}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          );
        }
        const name = `${idPrefix}-${group}`;
        return (
          <fieldset key={group}>
            <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-white">{GROUP_TITLES[group]}</legend>
            <div className="space-y-0.5">
              <label className={radioRowClass}>
                <input
                  type="radio"
                  name={name}
                  checked={current === undefined}
                  onChange={() => onChange(group, undefined)}
                  className="h-4 w-4 accent-teal-700"
                />
                {ALL_LABELS[group]}
              </label>
              {options.map((option) => (
                <label key={option.value} className={radioRowClass}>
                  <input
                    type="radio"
                    name={name}
                    value={option.value}
                    checked={current === option.value}
                    onChange={() => onChange(group, option.value)}
                    className="h-4 w-4 accent-teal-700"
                  />
                  <span>{option.label}</span>
                  <Count value={counts?.[option.value]} />
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
