import { useEffect } from 'react';
import { useDarkMode } from './store';

/** Tailwind's class strategy: the `dark` class on <html> follows the persisted darkMode flag. */
export function useApplyTheme(): void {
  const darkMode = useDarkMode();
  useEffect(() => {
    document.documentElement.classList.toggle('dark', darkMode);
    document.documentElement.style.colorScheme = darkMode ? 'dark' : 'light';
  }, [darkMode]);
}
