import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Bookmark } from '../ui/icons';
import { errorMessage } from '../../lib/api';
import { signInPath } from '../../lib/next-path';
import { useSavedJobIds, useToggleSavedJob } from '../../lib/saved-jobs';
import { useHydrated } from '../../lib/hydrated';
import { useSession } from '../../lib/session';

export interface SaveJobButtonProps {
  jobId: string;
  /** The id of the element naming the job (its title), read as the button's description: many cards, one name each. */
  describedBy?: string;
  /** 'icon': a round bookmark (cards); 'button': bookmark and text (the job page, Saved Jobs). */
  variant?: 'icon' | 'button';
  className?: string;
}

const iconClass =
  'flex h-10 w-10 items-center justify-center rounded-full transition-colors hover:bg-teal-50 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 dark:hover:bg-teal-950 dark:hover:text-teal-200';
const iconOff = 'text-slate-600 dark:text-slate-300';
const iconOn = 'text-teal-700 dark:text-teal-300';
const buttonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg border px-4 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
const buttonOff =
  'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';
const buttonOn =
  'border-teal-700 bg-teal-50 text-teal-900 hover:bg-teal-100 dark:border-teal-400 dark:bg-teal-950 dark:text-teal-100 dark:hover:bg-teal-900';

/**
 * The save toggle of a job (a bookmark): pressed when the signed-in user saved it. A visitor is taken to sign in
 * and brought back. Until the server has said who is signed in, and on the server's own render, it shows
 * "Save job", unpressed: the same markup either side, and no access to the browser while rendering.
 */
export function SaveJobButton({ jobId, describedBy, variant = 'icon', className = '' }: SaveJobButtonProps) {
  const { user, pending } = useSession();
  const { ids } = useSavedJobIds();
  const toggle = useToggleSavedJob();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  // On a server-rendered page the button is there before its handler: it waits, rather than drop a click.
  const hydrated = useHydrated();
  const saved = user !== null && ids.has(jobId);
  const { t } = useLingui();
  const label = saved ? t`Saved` : t`Save job`;

  const onClick = () => {
    setError(null);
    if (pending) return;
    if (!user) {
      void navigate(signInPath(`${location.pathname}${location.search}`));
      return;
    }
    toggle({ jobId, save: !saved }).catch((cause: unknown) => setError(errorMessage(cause)));
  };

  const icon = (
    <Bookmark size={variant === 'icon' ? 22 : 18} aria-hidden="true" fill={saved ? 'currentColor' : 'none'} />
  );
  return (
    <div className={`relative z-10 ${className}`}>
      <button
        type="button"
        onClick={onClick}
        disabled={!hydrated}
        aria-pressed={saved}
        aria-describedby={describedBy}
        data-testid="save-job"
        className={
          variant === 'icon'
            ? `${iconClass} ${saved ? iconOn : iconOff}`
            : `${buttonClass} ${saved ? buttonOn : buttonOff}`
        }
      >
        {icon}
        {variant === 'icon' ? <span className="sr-only">{label}</span> : label}
      </button>
      {error ? (
        <p
          role="alert"
          className={`rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 shadow-sm dark:bg-red-950 dark:text-red-200 ${
            variant === 'icon' ? 'absolute end-0 top-full z-20 mt-1 w-64' : 'mt-2'
          }`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
