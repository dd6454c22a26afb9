import { APPLICATION_STAGES, type ApplicationStage, type CustomStage } from '@jobboard/shared';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { stageName } from '../stage-words';
import { inputClass } from '../../../components/ui/Field';

/*
 * The one stage select of Responses (a row's move and the bulk move): the fixed stages, each followed by the
 * company's own stages after it. Its value is a fixed stage's API name or `custom:<id>` for a company's stage.
 */

const isStage = (value: string): value is ApplicationStage => (APPLICATION_STAGES as readonly string[]).includes(value);

/** The move a select value names: the fixed stage sent as `stage`, and the company's stage when one is chosen. */
export function stageTarget(
  i18n: I18n,
  value: string,
  custom: readonly CustomStage[],
  fallback: ApplicationStage,
): { stage: ApplicationStage; custom: CustomStage | undefined; label: string } {
  const chosen = value.startsWith('custom:') ? custom.find((c) => `custom:${c.id}` === value) : undefined;
  const stage = chosen ? chosen.after : isStage(value) ? value : fallback;
  return { stage, custom: chosen, label: chosen ? chosen.name : stageName(i18n, stage) };
}

interface StageSelectProps {
  value: string;
  onChange: (value: string) => void;
  custom: readonly CustomStage[];
  disabled?: boolean;
  className?: string;
  id?: string;
  'aria-label'?: string;
}

export function StageSelect({ value, onChange, custom, disabled, className = '', ...rest }: StageSelectProps) {
  const { i18n } = useLingui();
  return (
    <select
      {...rest}
      className={`${inputClass} ${className} w-auto`}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {APPLICATION_STAGES.flatMap((stage) => [
        <option key={stage} value={stage}>
          {stageName(i18n, stage)}
        </option>,
        ...custom
          .filter((c) => c.after === stage)
          .map((c) => (
            <option key={c.id} value={`custom:${c.id}`}>
              {`\u00a0\u00a0${c.name}`}
            </option>
          )),
      ])}
    </select>
  );
}
