import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/Button';

/** Below Tailwind's `lg` (1024 px): there the job page puts Apply Now after the whole description. */
const NARROW_QUERY = '(max-width: 1023.98px)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True below 1024 px, where the job page's Apply Now comes after the whole description; false on the server. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}

/**
 * Apply Now kept at the bottom of a narrow screen (useNarrowScreen), so applying needs no scrolling past the
 * description: there it is the page's only Apply Now (one button in the tree, not a second one hidden by CSS). The
 * page leaves it out for the poster, after applying, and on a job that takes no applications.
 */
export function MobileApplyBar({ onApply, disabled }: { onApply: () => void; disabled: boolean }) {
  return (
    <>
      {/* Room at the end of the page, so the bar never covers its last lines. */}
      <div aria-hidden="true" className="h-20" />
      <div
        data-testid="mobile-apply-bar"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
      >
        <Button className="w-full py-3" onClick={onApply} disabled={disabled}>
          <Trans>Apply Now</Trans>
        </Button>
      </div>
    </>
  );
}
