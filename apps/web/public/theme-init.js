try {
  var saved = JSON.parse(localStorage.getItem('root') || 'null');
  if (saved && saved.state && saved.state.theme && saved.state.theme.darkMode) {
    document.documentElement.classList.add('dark');
  }
} catch {
  // no saved theme
}
