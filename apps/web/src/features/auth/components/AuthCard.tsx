import type { ReactNode } from 'react';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-md">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function Divider() {
  return (
    <div className="my-4 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600 dark:text-slate-300" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      or
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}

export function ErrorLine({ message }: { message: string | null }) {
  return (
    <p role="alert" className="mt-4 min-h-5 text-sm font-medium text-red-700 dark:text-red-300" data-testid="auth-error">
      {message ?? ''}
    </p>
  );
}
