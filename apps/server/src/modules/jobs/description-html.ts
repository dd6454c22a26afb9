/**
 * A job's description, written as plain text or pasted Markdown, as safe HTML: paragraphs (a single line break
 * kept as <br>, as the plain text always showed), bullet and numbered lists, bold, italic, links ([text](url),
 * <url>, bare http(s) addresses, www. addresses and e-mail addresses), and headings shown as a bold paragraph (a
 * description's "## Requirements" must not outrank the page's own headings). Nothing else: no raw HTML (every
 * character of the text is escaped), no images (![x](y) is its text), and links only to http, https and mailto,
 * with rel="nofollow ugc noopener". Rendered once on the server (decision 27): the job answer carries it as
 * `descriptionHtml`, the feeds and JSON-LD use it, and the web app shows it without a Markdown library.
 */

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const LINK_REL = 'nofollow ugc noopener';
const ESCAPABLE = /[\\`*_{}[\]()#+\-.!<>~|]/;
const TRAILING_PUNCTUATION = /[.,;:!?'"*_~]+$/;
const EMAIL_SOURCE = '[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}';
const EMAIL = new RegExp(`^${EMAIL_SOURCE}`);

/** `pattern` (a sticky regular expression) matched where `at` is, without copying the rest of the text. */
function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

const MARKDOWN_LINK = /\[([^\]\n]+)\]\(\s*<?([^\s<>()]*(?:\([^\s<>()]*\)[^\s<>()]*)*)>?(?:\s+"[^"\n]*")?\s*\)/y;
const ANGLE_LINK = /<([^\s<>]+)>/y;
const WEB_ADDRESS = /(?:https?:\/\/|www\.|mailto:)[^\s<>]+/iy;
const EMAIL_AT = new RegExp(EMAIL_SOURCE, 'y');
const WORD_CHAR = /[\p{L}\p{N}_]/u;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The address as the browser would read it, or undefined for any other scheme (javascript:, data:, relative). */
export function safeHref(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function anchor(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" rel="${LINK_REL}">${label}</a>`;
}

/** A bare address ends before trailing punctuation and before a closing bracket it did not open. */
function trimBareUrl(candidate: string): string {
  let url = candidate.replace(TRAILING_PUNCTUATION, '');
  while (url.endsWith(')') && (url.match(/\(/g) ?? []).length < (url.match(/\)/g) ?? []).length) {
    url = url.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  }
  return url;
}

interface Match {
  html: string;
  length: number;
}

interface InlineState {
  inLink: boolean;
  /** Per delimiter, a position after which no closing delimiter exists: later openers need not look again. */
  noCloserAfter: Map<string, number>;
}

type Rule = (text: string, at: number, state: InlineState) => Match | undefined;

/** [label](url "title"): an unsafe address leaves only the label, as text. An image's "!" stays text. */
const markdownLink: Rule = (text, at, { inLink }) => {
  if (text[at] !== '[' || inLink) return undefined;
  const found = matchAt(MARKDOWN_LINK, text, at);
  if (!found) return undefined;
  const label = inline(found[1] ?? '', true);
  const href = safeHref(found[2] ?? '');
  return { html: href ? anchor(href, label) : label, length: found[0].length };
};

/** <https://...> or <name@example.com>; any other "<" is text. */
const angleLink: Rule = (text, at, { inLink }) => {
  if (text[at] !== '<' || inLink) return undefined;
  const found = matchAt(ANGLE_LINK, text, at);
  if (!found) return undefined;
  const target = found[1] ?? '';
  const href =
    EMAIL.exec(target)?.[0] === target
      ? safeHref(`mailto:${target}`)
      : /^(https?|mailto):/i.test(target)
        ? safeHref(target)
        : undefined;
  return href ? { html: anchor(href, escapeHtml(target)), length: found[0].length } : undefined;
};

/** A bare http(s):// or www. address, or an e-mail address, starting a word. */
const bareLink: Rule = (text, at, { inLink }) => {
  if (inLink || (at > 0 && (WORD_CHAR.test(text.charAt(at - 1)) || /[.@/:+-]/.test(text.charAt(at - 1)))))
    return undefined;
  const web = matchAt(WEB_ADDRESS, text, at);
  if (web) {
    const url = trimBareUrl(web[0]);
    const href = safeHref(/^www\./i.test(url) ? `https://${url}` : url);
    if (href && url.length > 4) return { html: anchor(href, escapeHtml(url)), length: url.length };
  }
  const email = /[A-Za-z0-9]/.test(text.charAt(at)) ? matchAt(EMAIL_AT, text, at) : null;
  if (email) {
    const href = safeHref(`mailto:${email[0]}`);
    if (href) return { html: anchor(href, escapeHtml(email[0])), length: email[0].length };
  }
  return undefined;
};

/**
 * **bold**, __bold__, *italic*, _italic_: the opening delimiter is followed by a non-space, the closing one
 * preceded by one; underscores only at word edges (snake_case stays as written).
 */
const emphasis: Rule = (text, at, state) => {
  const char = text[at];
  if (char !== '*' && char !== '_') return undefined;
  if (char === '_' && at > 0 && WORD_CHAR.test(text.charAt(at - 1))) return undefined;
  const delimiter = text[at + 1] === char ? char + char : char;
  const start = at + delimiter.length;
  if (
    start >= text.length ||
    /\s/.test(text.charAt(start)) ||
    start >= (state.noCloserAfter.get(delimiter) ?? Infinity)
  )
    return undefined;
  for (let end = text.indexOf(delimiter, start + 1); end !== -1; end = text.indexOf(delimiter, end + 1)) {
    if (/\s/.test(text.charAt(end - 1)) || text[end - 1] === '\\') continue;
    const after = text[end + delimiter.length];
    if (delimiter.length === 1 && after === char) continue;
    if (char === '_' && after !== undefined && WORD_CHAR.test(after)) continue;
    const inner = inline(text.slice(start, end), state.inLink);
    const tag = delimiter.length === 2 ? 'strong' : 'em';
    return { html: `<${tag}>${inner}</${tag}>`, length: end + delimiter.length - at };
  }
  state.noCloserAfter.set(delimiter, start);
  return undefined;
};

const RULES: Rule[] = [markdownLink, angleLink, bareLink, emphasis];

/** One paragraph's or item's text as HTML; `inLink` inside a link's label, where no other link may start. */
function inline(text: string, inLink = false): string {
  const state: InlineState = { inLink, noCloserAfter: new Map() };
  let html = '';
  let at = 0;
  while (at < text.length) {
    const char = text.charAt(at);
    if (char === '\\' && at + 1 < text.length && ESCAPABLE.test(text.charAt(at + 1))) {
      html += escapeHtml(text.charAt(at + 1));
      at += 2;
      continue;
    }
    if (char === '\n') {
      html += '<br>';
      at += 1;
      continue;
    }
    const match = RULES.reduce<Match | undefined>((found, rule) => found ?? rule(text, at, state), undefined);
    if (match) {
      html += match.html;
      at += match.length;
    } else {
      html += escapeHtml(char);
      at += 1;
    }
  }
  return html;
}

const LIST_ITEM = /^ {0,3}(?:([-*+])|(\d{1,9})[.)])[ \t]+(.*)$/;
const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

interface ListBlock {
  ordered: boolean;
  start: number;
  items: string[];
}

function listHtml(list: ListBlock): string {
  const items = list.items.map((item) => `<li>${inline(item.trim())}</li>`).join('');
  if (!list.ordered) return `<ul>${items}</ul>`;
  return list.start === 1 ? `<ol>${items}</ol>` : `<ol start="${list.start}">${items}</ol>`;
}

/** The description as HTML (see the top of this file); '' for an empty one. */
export function renderDescription(text: string): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: ListBlock | undefined;
  const flush = () => {
    if (paragraph.length > 0) blocks.push(`<p>${inline(paragraph.join('\n').trim())}</p>`);
    if (list) blocks.push(listHtml(list));
    paragraph = [];
    list = undefined;
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (!line.trim()) {
      flush();
      continue;
    }
    const found = LIST_ITEM.exec(line);
    // As in CommonMark, only a list starting at 1 breaks into a paragraph ("founded in\n2019. We grew...").
    const item = found && !(paragraph.length > 0 && found[2] !== undefined && found[2] !== '1') ? found : null;
    const heading = HEADING.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      if (!list || list.ordered !== ordered) {
        flush();
        list = { ordered, start: ordered ? Number(item[2]) : 1, items: [] };
      }
      list.items.push(item[3] ?? '');
    } else if (heading && heading[1]) {
      flush();
      blocks.push(`<p><strong>${inline(heading[1])}</strong></p>`);
    } else if (list) {
      // A line under an item continues it (Markdown's lazy continuation).
      list.items[list.items.length - 1] += `\n${line.trim()}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks.join('');
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The description as one line of text without its Markdown marks (a page's meta description, a summary). */
export function descriptionText(text: string): string {
  return renderDescription(text)
    .replace(/<\/?(?:strong|em|a)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
