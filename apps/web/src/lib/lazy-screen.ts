import { lazy, type ComponentType } from 'react';
import type { Catalogue } from './feature-catalogues';
import { loadCatalogue } from './i18n';

/** When this tab last reloaded itself for a chunk that would not load (sessionStorage: per tab). */
const RELOADED_AT = 'jobboard:chunk-reload-at';
/** A reload that did not help within this long is not tried again: the error screen shows instead. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * A dynamic import that failed: offline, or a tab older than the deploy asking for a chunk the server no longer
 * has. The browsers' messages differ: Chromium "Failed to fetch dynamically imported module", Firefox "error
 * loading dynamically imported module", Safari "Importing a module script failed".
 */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|importing a module script failed/i.test(error.message);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads a chunk, trying once more after a moment (a dropped connection). If it still fails while the browser is
 * online, the build this tab runs is probably gone: the page reloads once to the new version. Otherwise the
 * error reaches the route's ErrorBoundary, which offers Reload (and reloads by itself when the network is back).
 */
export async function importWithRetry<T>(load: () => Promise<T>, retryDelayMs = 400): Promise<T> {
  try {
    return await load();
  } catch {
    await pause(retryDelayMs);
  }
  try {
    return await load();
  } catch (error) {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (navigator.onLine && isChunkLoadError(error) && Date.now() - last > RELOAD_AGAIN_AFTER_MS) {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      window.location.reload();
      // The page is going away; nothing renders meanwhile.
      return new Promise<T>(() => {});
    }
    throw error;
  }
}

/**
 * React.lazy over a named export, loaded with importWithRetry, together with the catalogue of the feature it
 * belongs to (none for a screen whose texts are in the core catalogue).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint on a component's props
export function lazyScreen<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  catalogue?: Catalogue,
) {
  return lazy(async () => {
    const [module] = await Promise.all([
      importWithRetry(load),
      catalogue ? importWithRetry(() => loadCatalogue(catalogue)) : undefined,
    ]);
    return { default: module[name] };
  });
}
