/**
 * The site's accent colour and icon (site settings) in every HTML page the server sends, so the app needs no script
 * of its own to draw them. The accent replaces Tailwind's teal-700 and teal-800, which every primary button, link and
 * mark is drawn with; it is a stylesheet of its own, named by the colour (site.routes.ts), because the pages'
 * Content-Security-Policy allows no inline style. Both values are checked when saved (#rrggbb, an http(s) address);
 * the address is escaped here all the same.
 */

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const COLOUR = /^#?([0-9a-f]{6})$/i;

/** The stylesheet that draws with `accent` (#rrggbb or rrggbb), or undefined for anything else. */
export function accentCss(accent: string): string | undefined {
  const hex = COLOUR.exec(accent)?.[1]?.toLowerCase();
  return hex && `:root{--color-teal-700:#${hex};--color-teal-800:color-mix(in srgb,#${hex} 80%,black)}\n`;
}

/** The link to the accent's stylesheet, or nothing for a value that is not a colour. */
export function accentStylesheet(accent: string): string {
  const hex = COLOUR.exec(accent)?.[1]?.toLowerCase();
  return hex ? `<link rel="stylesheet" href="/api/site/accent.css?color=${hex}" />` : '';
}

export function faviconLink(url: string): string {
  return `<link rel="icon" href="${attr(url)}" />`;
}

/** The app's shell (index.html) with the accent and icon in effect; unchanged for the built-in look. */
export function shellWithAppearance(shell: string, accent: string | undefined, favicon: string): string {
  let html = shell;
  if (favicon) html = html.replace(/<link rel="icon"[^>]*>/, () => faviconLink(favicon));
  if (accent) html = html.replace('</head>', () => `${accentStylesheet(accent)}</head>`);
  return html;
}
