/**
 * The site's accent colour and icon (site settings) written into every HTML page the server sends, so the app
 * needs no script of its own to draw them (the home page's JavaScript budget, decision 8). The accent replaces
 * Tailwind's teal-700 and teal-800, which every primary button, link and mark is drawn with. Both values are
 * checked when saved (#rrggbb, an http(s) address); the address is escaped here all the same.
 */

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function accentStyle(accent: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(accent)) return '';
  return `<style>:root{--color-teal-700:${accent};--color-teal-800:color-mix(in srgb,${accent} 80%,black)}</style>`;
}

export function faviconLink(url: string): string {
  return `<link rel="icon" href="${attr(url)}" />`;
}

/** The app's shell (index.html) with the accent and icon in effect; unchanged for the built-in look. */
export function shellWithAppearance(shell: string, accent: string | undefined, favicon: string): string {
  let html = shell;
  if (favicon) html = html.replace(/<link rel="icon"[^>]*>/, () => faviconLink(favicon));
  if (accent) html = html.replace('</head>', () => `${accentStyle(accent)}</head>`);
  return html;
}
