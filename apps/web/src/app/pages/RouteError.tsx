import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClass } from '../../components/ui/Button';
import { isChunkLoadError } from '../../lib/lazy-screen';

interface Props {
  children: ReactNode;
  /** For decoration around the page (the breadcrumb, a banner): a failure there shows nothing, not an error screen. */
  quiet?: boolean;
}

interface State {
  error: Error | null;
}

const reload = () => window.location.reload();

/**
 * Last resort when a screen throws or its code cannot load (offline, or an old tab after a deploy, once
 * importWithRetry has given up): the header and footer stay, and this says what happened with Reload. A chunk
 * that failed offline is loaded again by reloading as soon as the browser is back online.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    if (isChunkLoadError(error)) window.addEventListener('online', reload, { once: true });
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', reload);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.quiet) return null;
    const chunk = isChunkLoadError(error);
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <section role="alert" className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-bold">
          {chunk ? <Trans>This page could not be loaded</Trans> : <Trans>Something went wrong</Trans>}
        </h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          {chunk ? (
            offline ? (
              <Trans>You're offline. The page will load when the connection is back, or reload it then.</Trans>
            ) : (
              <Trans>The connection dropped or the site was just updated. Reloading gets the latest version.</Trans>
            )
          ) : (
            <Trans>Something went wrong while showing this page.</Trans>
          )}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className={buttonClass('secondary')} onClick={reload}>
            <Trans>Reload</Trans>
          </button>
          <a href="/" className={buttonClass('primary')}>
            <Trans>Go home</Trans>
          </a>
        </div>
      </section>
    );
  }
}
