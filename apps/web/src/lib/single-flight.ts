import { useCallback, useRef } from 'react';

/**
 * One request per click burst. A submit button is disabled while its request is pending, but the second click of a
 * double click arrives before React has re-rendered it disabled. `start(action)` runs `action` only when no action
 * it started is still running; `action` calls the `done` it receives once its request has settled (at once when
 * it sent none).
 */
export function useSingleFlight(): (action: (done: () => void) => void) => void {
  const running = useRef(false);
  return useCallback((action: (done: () => void) => void) => {
    if (running.current) return;
    running.current = true;
    try {
      action(() => {
        running.current = false;
      });
    } catch (error) {
      running.current = false;
      throw error;
    }
  }, []);
}
