// Runs in <head>, before the first paint, as a file rather than an inline script so that a strict
// Content-Security-Policy (script-src 'self') allows it. The build minifies it (vite.config.ts): these comments do
// not count in the home page's JavaScript budget, every statement does.

// The persisted theme, before the first paint, so dark mode never flashes light.
try {
  if (JSON.parse(localStorage.getItem('root'))?.state?.theme?.darkMode) document.documentElement.classList.add('dark');
} catch {
  // no saved theme
}

// The app. The built index.html names its entry and the entry's static imports in data-app instead of a module
// script and modulepreload links, which the browser would fetch at once, beside the stylesheet. A server-rendered
// page (#ssr-state) is complete without them: they load after its first paint, all at once, and hydrate it. The
// plain shell, or a tab opened in the background (no paint until it is shown), loads them as soon as the document
// is parsed. Without data-app (the dev server), index.html loads the app itself.
{
  const app = document.currentScript.dataset.app;
  if (app) {
    document.addEventListener('DOMContentLoaded', () => {
      const load = () => {
        for (const src of app.split(' ')) import(src);
      };
      // The observer may call load twice (first paint, first contentful paint): import() loads a module once.
      if (document.hidden || !document.getElementById('ssr-state')) load();
      else new PerformanceObserver(load).observe({ type: 'paint', buffered: true });
    });
  }
}
