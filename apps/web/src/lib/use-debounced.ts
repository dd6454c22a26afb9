import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs`: typing in a search box sends one request, not one per key. */
export function useDebounced<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
