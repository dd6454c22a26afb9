// Apply the persisted theme before the first paint, so dark mode never flashes light.
// A file rather than an inline script, so a strict Content-Security-Policy (script-src 'self') allows it.
try {
  var saved = JSON.parse(localStorage.getItem('root') || 'null');
  if (saved && saved.state && saved.state.theme && saved.state.theme.darkMode) {
    document.documentElement.classList.add('dark');
  }
} catch {
  /* no saved theme */
}
