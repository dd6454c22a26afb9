import type { FooterLink, SocialNetwork } from '@jobboard/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowUp } from '../../components/ui/icons';
import { Link } from '../../components/ui/Link';
import { useSession } from '../../lib/session';
import { useSiteInfo } from '../../lib/site';

// lucide-react ships no brand marks any more; the logos are CSS masks (index.css, .jb-icon-*).
// eslint-disable-next-line lingui/no-unlocalized-strings -- the networks' own names, the same in every language
const SOCIAL_NAMES: Record<SocialNetwork, string> = { github: 'GitHub', linkedin: 'LinkedIn', x: 'X' };

const footerLinkClass =
  'text-sm text-slate-700 hover:text-teal-800 hover:underline dark:text-slate-300 dark:hover:text-teal-300';

const SITE_PAGES = [
  ['/about', msg`About`],
  ['/privacy', msg`Privacy`],
  ['/terms', msg`Terms`],
] as const;

/** About, Privacy, Terms, the administrators' own links (site settings), Contact when configured, Sign Up. */
function FooterNav({
  signedIn,
  contactEmail,
  footerLinks,
}: {
  signedIn: boolean;
  contactEmail: string | undefined;
  footerLinks: FooterLink[];
}) {
  const { i18n, t } = useLingui();
  return (
    <nav aria-label={t`Footer`}>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        {SITE_PAGES.map(([to, label]) => (
          <li key={to}>
            <Link to={to} className={footerLinkClass}>
              {i18n._(label)}
            </Link>
          </li>
        ))}
        {/* The administrators' own links (site settings); none: nothing shown. */}
        {footerLinks.map((link) => (
          <li key={`${link.label} ${link.url}`}>
            <a href={link.url} className={footerLinkClass}>
              {link.label}
            </a>
          </li>
        ))}
        {contactEmail ? (
          <li>
            <a href={`mailto:${contactEmail}`} className={footerLinkClass}>
              <Trans>Contact</Trans>
            </a>
          </li>
        ) : null}
        {signedIn ? null : (
          <li>
            <Link to="/sign-up" className={footerLinkClass}>
              <Trans>Sign Up</Trans>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  // Until the server says who is signed in, "Sign Up" shows as it does on the server-rendered page.
  const signedIn = Boolean(useSession().user);
  const { social, contactEmail, siteName, footerLinks } = useSiteInfo();
  const { t } = useLingui();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <FooterNav signedIn={signedIn} contactEmail={contactEmail} footerLinks={footerLinks} />
        {/* Only the networks the operator configured (SOCIAL_*_URL); none: no list at all. */}
        {social.length > 0 ? (
          <ul className="flex items-center gap-3" aria-label={t`Social links`}>
            {social.map((item) => (
              <li key={item.network}>
                <a
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t`${siteName} on ${SOCIAL_NAMES[item.network]}`}
                  className="flex h-9 w-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  <span className={`jb-icon-${item.network} h-[18px] w-[18px]`} aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex items-center gap-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <Trans>
              © {year} {siteName}. All rights reserved.
            </Trans>
          </p>
          <button
            type="button"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            aria-label={t`Scroll to top`}
            className="flex h-9 w-9 items-center justify-center rounded-full bg-teal-700 text-white hover:bg-teal-800"
          >
            <ArrowUp size={18} aria-hidden="true" />
          </button>
        </div>
      </div>
    </footer>
  );
}
