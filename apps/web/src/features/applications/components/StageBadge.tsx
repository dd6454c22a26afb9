import type { ApplicationStage } from '@jobboard/shared';
import { useLingui } from '@lingui/react/macro';
import { stageName } from '../stage-words';

const STAGE_STYLES: Record<ApplicationStage, string> = {
  applied: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  reviewing: 'bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100',
  interview: 'bg-violet-100 text-violet-950 dark:bg-violet-950 dark:text-violet-100',
  offer: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  hired: 'bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-100',
  rejected: 'bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-100',
};

/** An application's stage in words, coloured by where it stands. */
export function StageBadge({ stage }: { stage: ApplicationStage }) {
  const { i18n } = useLingui();
  return (
    <span
      data-testid="stage"
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STAGE_STYLES[stage]}`}
    >
      {stageName(i18n, stage)}
    </span>
  );
}
