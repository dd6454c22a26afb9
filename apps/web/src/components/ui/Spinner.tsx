import { useLingui } from '@lingui/react/macro';
import { LoaderCircle } from './icons';

export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-700 dark:text-slate-300">
      <LoaderCircle className="animate-spin" size={22} aria-hidden="true" />
      <span>{label ?? t`Loading`}...</span>
    </div>
  );
}
