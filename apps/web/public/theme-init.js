// Runs in <head>, before the first paint, so a saved dark theme never flashes light. A file rather than an inline
// script so that the strict Content-Security-Policy (script-src 'self') allows it.
try {
  if (JSON.parse(localStorage.getItem('root'))?.state?.theme?.darkMode) document.documentElement.classList.add('dark');
} catch {
  // no saved theme
}
