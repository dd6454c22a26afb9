import type { Language, SitePageSlug } from '@jobboard/shared';
import { translator } from '../mail/mail-language.js';

/**
 * The site pages' texts until an administrator writes their own (Markdown, the job descriptions' safe subset), in
 * the reader's language (the server catalogue's `site.page.*`). About keeps the spec's words in English. Privacy
 * says what is true of this code: only the session cookie, which is essential, so no cookie notice is shown; keep
 * it true, in every language, when a non-essential cookie is ever added.
 */
export function defaultPage(slug: SitePageSlug, siteName: string, language: Language): string {
  return translator(language)(`site.page.${slug}`, { siteName });
}
