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

// Clicks before the app. Until the app hydrates a server-rendered page, its buttons do nothing: a click on one
// ("Alert me", Save, a filter, Next) is held and made again on the same button once React has taken it over
// (hydration keeps the server's elements; React marks each one it owns with a __reactProps$ key), as soon as it is
// enabled (a button waiting for the session is disabled for a moment). Before the app starts (React's mark on
// #root) every click on a button is held; after, only one on a button inside #root that React has not hydrated yet
// (a click in that gap was lost: the URL stayed on page 1). Buttons outside #root (a SweetAlert dialog's) work
// alone. Links work without the app and are left alone. Waiting is bounded: 20 s.
{
  const held = new Set();
  const owned = (el, mark) => el && Object.keys(el).some((key) => key.startsWith(mark));
  let tries = 0;
  const replay = () => {
    for (const button of held) {
      if (!button.isConnected) held.delete(button);
      else if (owned(button, '__reactProps') && !button.disabled) {
        held.delete(button);
        button.click();
      }
    }
    if (held.size && ++tries < 400) setTimeout(replay, 50);
  };
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target.closest?.('button');
      const root = document.getElementById('root');
      if (!button || (owned(root, '__reactContainer') && !(root.contains(button) && !owned(button, '__reactProps')))) return;
      event.preventDefault();
      event.stopPropagation();
      if (!held.size) setTimeout(replay, 50);
      held.add(button);
    },
    true,
  );
}
