import { SALARY_PERIODS } from '@jobboard/shared';
import { useLingui } from '@lingui/react/macro';
import { errorProps, FieldShell, inputClass, TextField } from '../../../components/ui/Field';
import { currencyOptions, PERIOD_LABELS, type JobFormValues } from './job-form-logic';
import { Section, textSetter, type JobFormPartProps } from './JobFormParts';

/** The job form's pay: amounts as the spec writes them ('$20k') or in full, a currency and a period. */
export function PaySection({ values, errors, set }: Pick<JobFormPartProps, 'values' | 'errors' | 'set'>) {
  const onText = textSetter(set);
  const { t, i18n } = useLingui();
  const { common, others } = currencyOptions(i18n.locale);
  return (
    <Section id="pay-section" title={t`Pay`}>
      <div className="grid gap-5 sm:grid-cols-4">
        <TextField
          id="payMin"
          label={t`Minimum Salary`}
          required
          inputMode="decimal"
          // eslint-disable-next-line lingui/no-unlocalized-strings -- an amount the field reads, in any language
          placeholder="$20k"
          value={values.payMin}
          onChange={onText('payMin')}
          error={errors.payMin}
        />
        <TextField
          id="payMax"
          label={t`Maximum Salary`}
          required
          inputMode="decimal"
          // eslint-disable-next-line lingui/no-unlocalized-strings -- an amount the field reads, in any language
          placeholder="$120k"
          value={values.payMax}
          onChange={onText('payMax')}
          error={errors.payMax}
        />
        <FieldShell id="currency" label={t`Currency`} error={errors.currency}>
          <select
            id="currency"
            name="currency"
            value={values.currency}
            onChange={onText('currency')}
            className={inputClass}
            {...errorProps('currency', errors.currency)}
          >
            <optgroup label={t`Common`}>
              {common.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} - {c.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t`All currencies`}>
              {others.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} - {c.name}
                </option>
              ))}
            </optgroup>
          </select>
        </FieldShell>
        <FieldShell id="period" label={t`Pay period`} error={errors.period}>
          <select
            id="period"
            name="period"
            value={values.period}
            onChange={(event) => set('period', event.target.value as JobFormValues['period'])}
            className={inputClass}
            {...errorProps('period', errors.period)}
          >
            {SALARY_PERIODS.map((period) => (
              <option key={period} value={period}>
                {i18n._(PERIOD_LABELS[period])}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
    </Section>
  );
}
