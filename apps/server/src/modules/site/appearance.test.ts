import { describe, expect, it } from 'vitest';
import { accentCss, accentStylesheet, shellWithAppearance } from './appearance.js';

const shell = '<html><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /></head><body></body></html>';

describe("the site's accent and icon in the pages the server sends (issue 34, item 2)", () => {
  it('leaves the built shell as it is for the built-in look', () => {
    expect(shellWithAppearance(shell, undefined, '')).toBe(shell);
  });

  it('writes the accent over the teal the app draws with, and the icon in place of the built-in one', () => {
    const html = shellWithAppearance(shell, '#aa3300', 'https://cdn.example/i.png?a=1&b="2"');
    expect(html).toContain('<link rel="stylesheet" href="/api/site/accent.css?color=aa3300" /></head>');
    expect(html).not.toContain('<style');
    expect(html).toContain('<link rel="icon" href="https://cdn.example/i.png?a=1&amp;b=&quot;2&quot;" />');
    expect(html).not.toContain('/favicon.svg');
  });

  it('links no stylesheet from a value that is not a colour, and has none to give for it', () => {
    expect(accentStylesheet('red;}</style><script>')).toBe('');
    expect(accentCss('0f766e;}body{display:none')).toBeUndefined();
    expect(accentCss('#AA3300')).toBe(
      ':root{--color-teal-700:#aa3300;--color-teal-800:color-mix(in srgb,#aa3300 80%,black)}\n',
    );
  });
});
