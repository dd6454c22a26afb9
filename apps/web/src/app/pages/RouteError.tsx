import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClass } from '../../components/ui/Button';

interface State {
  error: Error | null;
}

/** Last resort when a screen throws or a lazy chunk fails to load (for example after a deploy). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">Something went wrong while showing this page.</p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/" className={buttonClass('primary')}>
            Go home
          </a>
        </div>
      </section>
    );
  }
}
