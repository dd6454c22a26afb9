import { vi } from 'vitest';

/**
 * A screen `width` px wide as far as `matchMedia` goes (jsdom has none, and lays nothing out): answers the
 * `(min-width: N px)` queries the app asks. Undone by the setup's `vi.unstubAllGlobals()`.
 */
export function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
