import { describe, expect, it } from 'vitest';
import { descriptionText, renderDescription } from './description-html.js';

const REL = 'rel="nofollow ugc noopener"';

describe('renderDescription: the safe Markdown subset of a job description', () => {
  it('keeps plain text as before: paragraphs at blank lines, line breaks, every character escaped', () => {
    expect(renderDescription('Build the web app.\n\nYou know React & <TypeScript>.\nLondon office.')).toBe(
      '<p>Build the web app.</p><p>You know React &amp; &lt;TypeScript&gt;.<br>London office.</p>',
    );
    expect(renderDescription('')).toBe('');
    expect(renderDescription('a\r\n\r\nb')).toBe('<p>a</p><p>b</p>');
  });

  it('makes addresses clickable: bare, www., <angle>, [text](url) and e-mail', () => {
    expect(renderDescription('See https://example.com/jobs?a=1&b=2.')).toBe(
      `<p>See <a href="https://example.com/jobs?a=1&amp;b=2" ${REL}>https://example.com/jobs?a=1&amp;b=2</a>.</p>`,
    );
    expect(renderDescription('(www.example.com)')).toBe(
      `<p>(<a href="https://www.example.com/" ${REL}>www.example.com</a>)</p>`,
    );
    expect(renderDescription('<https://example.com/a>')).toBe(
      `<p><a href="https://example.com/a" ${REL}>https://example.com/a</a></p>`,
    );
    expect(renderDescription('[our site](https://example.com/about "About") today')).toBe(
      `<p><a href="https://example.com/about" ${REL}>our site</a> today</p>`,
    );
    expect(renderDescription('https://en.wikipedia.org/wiki/Foo_(bar)')).toBe(
      `<p><a href="https://en.wikipedia.org/wiki/Foo_(bar)" ${REL}>https://en.wikipedia.org/wiki/Foo_(bar)</a></p>`,
    );
    expect(renderDescription('Write to jobs@example.com, or mailto:hr@example.org')).toBe(
      `<p>Write to <a href="mailto:jobs@example.com" ${REL}>jobs@example.com</a>, or <a href="mailto:hr@example.org" ${REL}>mailto:hr@example.org</a></p>`,
    );
  });

  it('renders lists, bold, italic and headings; leaves snake_case, 2 * 3 and a year at a line start alone', () => {
    expect(
      renderDescription('## What you do\n- **Ship** features\n* _review_ code\n  with care\n\n1. one\n2. *two*'),
    ).toBe(
      '<p><strong>What you do</strong></p><ul><li><strong>Ship</strong> features</li><li><em>review</em> code<br>with care</li></ul>' +
        '<ol><li>one</li><li><em>two</em></li></ol>',
    );
    expect(renderDescription('3) third\n4) fourth')).toBe('<ol start="3"><li>third</li><li>fourth</li></ol>');
    expect(renderDescription('my_var_name and 2 * 3 * 4 and __bold__')).toBe(
      '<p>my_var_name and 2 * 3 * 4 and <strong>bold</strong></p>',
    );
    expect(renderDescription('Founded in\n2019. We grew.')).toBe('<p>Founded in<br>2019. We grew.</p>');
    expect(renderDescription('\\*not italic\\*')).toBe('<p>*not italic*</p>');
  });

  it('leaves XSS attempts inert: scripts, javascript: and data: links, attribute injection, images', () => {
    const attempts = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](java\tscript:alert(1))',
      '[click](data:text/html;base64,PHNjcmlwdD4=)',
      '[click](vbscript:msgbox(1))',
      '<javascript:alert(1)>',
      'javascript:alert(1)',
      '[x](https://example.com/"onmouseover="alert(1))',
      'https://example.com/"onmouseover="alert(1)',
      "https://example.com/'onmouseover='alert(1)",
      '[a](https://example.com/ "title" onclick="x")',
      '![pic](https://example.com/x.png)',
      '**<b onclick=alert(1)>bold</b>**',
      '[<svg onload=alert(1)>](https://example.com)',
      '&lt;script&gt; &#x3C;script>',
    ];
    for (const attempt of attempts) {
      const html = renderDescription(attempt);
      // No tag but the subset's, no attribute but href and rel, no address but http(s) and mailto.
      expect(html.match(/<\/?([a-z]+)/gi)?.map((t) => t.replace(/[</]/g, '')) ?? []).toSatisfy((tags: string[]) =>
        tags.every((tag) => ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'a'].includes(tag)),
      );
      for (const [, attributes] of html.matchAll(/<[a-z]+([^>]*)>/g)) {
        const names = [...(attributes ?? '').matchAll(/\s([a-z-]+)=/g)].map((m) => m[1]);
        expect(
          names.every((name) => name === 'href' || name === 'rel' || name === 'start'),
          `${attempt} -> ${html}`,
        ).toBe(true);
      }
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href, attempt).toMatch(/^(https?:\/\/|mailto:)/);
    }
    expect(renderDescription('[click](javascript:alert(1))')).toBe('<p>click</p>');
    expect(renderDescription('![pic](https://example.com/x.png)')).toBe(
      `<p>!<a href="https://example.com/x.png" ${REL}>pic</a></p>`,
    );
    expect(renderDescription('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('stays fast on input built to make it backtrack', () => {
    const started = performance.now();
    renderDescription('*a '.repeat(3000) + '_b '.repeat(3000) + '[x]('.repeat(1000) + 'https://'.repeat(500));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('descriptionText', () => {
  it('reads the description as one line without its marks, characters as written', () => {
    expect(descriptionText('## Role\n\nJoin **us** at [Acme](https://acme.example) & <grow>.\n- one\n- two')).toBe(
      'Role Join us at Acme & <grow>. one two',
    );
  });
});
