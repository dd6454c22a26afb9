import type { ReactNode } from 'react';

/** What arrived since the person last looked ("2 new" applications or messages), in one colour everywhere. */
export function NewBadge({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span
      className="inline-block rounded-full bg-amber-100 px-1.5 py-0.5 text-xs font-semibold leading-none text-amber-950 dark:bg-amber-900 dark:text-amber-50"
      data-testid={testId}
    >
      {children}
    </span>
  );
}
