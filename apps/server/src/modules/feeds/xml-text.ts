/**
 * Characters XML 1.0 cannot carry at all, escaped or not: C0 controls other than tab, line feed and carriage
 * return, lone surrogates, U+FFFE and U+FFFF. A job's text may hold them (only NUL is refused on the way in), and
 * one of them would make a whole feed or sitemap unreadable, so they are dropped from every text written out.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML element or attribute: the five special characters as entities, what XML cannot carry dropped. */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Text for HTML inside a feed (Atom's type="html", RSS descriptions): the same escaping, read by an HTML parser. */
export const escapeHtml = escapeXml;

/*
 * The `feed` library writes through xml-js, which has two escaping faults a job's text could exploit: a CDATA
 * section's `]]>` is split only at its first occurrence (a second one ends the section and whatever follows is
 * markup), and element text has `&amp;` turned back into `&` before escaping (so "A &amp; B" reads "A & B").
 * Every text handed to the library passes through one of these two, which make up for exactly that.
 */

/** Text the library writes as CDATA (RSS titles): every `]]>` after the first split here, the first by xml-js. */
export function libraryCdata(text: string): string {
  const [first = '', ...rest] = xmlSafe(text).split(']]>');
  return rest.length ? `${first}]]>${rest.join(']]]]><![CDATA[>')}` : first;
}

/** Text the library writes as element text (titles, names, RSS categories): its ampersands pre-escaped once. */
export function libraryText(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;');
}
