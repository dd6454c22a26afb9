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

/** The subset of a TanStack mutation's per-call options the forms use. */
interface CallOptions<D, V> {
  onSuccess?: (data: D, variables: V) => void;
  onError?: (error: Error, variables: V) => void;
  onSettled?: () => void;
}

/**
 * A mutation's `mutate`, one call at a time (useSingleFlight): a call while the previous one is pending is
 * ignored. For a form's submit: the double click of a button sends one request.
 */
export function useMutateOnce<D, V>(
  mutate: (variables: V, options?: CallOptions<D, V>) => void,
): (variables: V, options?: CallOptions<D, V>) => void {
  const start = useSingleFlight();
  return (variables, options = {}) =>
    start((done) =>
      mutate(variables, {
        ...options,
        onSettled: () => {
          done();
          options.onSettled?.();
        },
      }),
    );
}
