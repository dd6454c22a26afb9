import { Trans, useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import { ChevronLeft, ChevronRight } from './icons';
import { Button } from './Button';

export interface PaginationProps {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** 'disable' keeps both buttons and disables the one at an edge; 'hide' leaves it out (My Jobs). */
  edge?: 'disable' | 'hide';
  pageCount?: number;
  label?: string;
  /**
   * The id of a GET form the buttons submit with `page` (the home page's search): without the app's scripts, or
   * before they have run, Previous and Next are a plain request for that page. With them, the handlers run instead.
   */
  form?: string;
}

export function Pagination(props: PaginationProps) {
  const { page, hasPrevious, hasNext, onPrevious, onNext, edge = 'disable', pageCount, label, form } = props;
  const { t } = useLingui();
  const showPrevious = edge === 'disable' || hasPrevious;
  const showNext = edge === 'disable' || hasNext;
  const submits = (to: number, handler: () => void) => ({
    ...(form ? { type: 'submit' as const, form, name: 'page', value: String(to) } : {}),
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      handler();
    },
  });
  return (
    <nav aria-label={label ?? t`Pagination`} className="mt-6 flex items-center justify-center gap-3">
      {showPrevious ? (
        <Button variant="secondary" {...submits(page - 1, onPrevious)} disabled={!hasPrevious}>
          <ChevronLeft size={16} aria-hidden="true" className="rtl:[transform:scaleX(-1)]" />
          <Trans>Previous</Trans>
        </Button>
      ) : null}
      <span className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {pageCount ? t`Page ${page} of ${pageCount}` : t`Page ${page}`}
      </span>
      {showNext ? (
        <Button variant="secondary" {...submits(page + 1, onNext)} disabled={!hasNext}>
          <Trans>Next</Trans>
          <ChevronRight size={16} aria-hidden="true" className="rtl:[transform:scaleX(-1)]" />
        </Button>
      ) : null}
    </nav>
  );
}
