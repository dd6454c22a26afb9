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
}

export function Pagination({ page, hasPrevious, hasNext, onPrevious, onNext, edge = 'disable', pageCount, label = 'Pagination' }: PaginationProps) {
  const showPrevious = edge === 'disable' || hasPrevious;
  const showNext = edge === 'disable' || hasNext;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3">
      {showPrevious ? (
        <Button variant="secondary" onClick={onPrevious} disabled={!hasPrevious}>
          <ChevronLeft size={16} aria-hidden="true" />
          Previous
        </Button>
      ) : null}
      <span className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {pageCount ? `Page ${page} of ${pageCount}` : `Page ${page}`}
      </span>
      {showNext ? (
        <Button variant="secondary" onClick={onNext} disabled={!hasNext}>
          Next
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      ) : null}
    </nav>
  );
}
