import { SITE_SETTINGS_LIMITS, type FooterLink } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Field';
import { muted } from './ConsoleParts';

/** The footer's own links: a label and an http(s) address each; none, and the footer shows none. */
export function FooterLinksField({
  links,
  onChange,
}: {
  links: FooterLink[];
  onChange: (links: FooterLink[]) => void;
}) {
  const { t } = useLingui();
  const change = (index: number, part: Partial<FooterLink>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...part } : link)));
  return (
    <div className="space-y-3" data-field="footerLinks">
      {links.length === 0 ? (
        <p className={muted}>
          <Trans>No links: the footer shows only its own.</Trans>
        </p>
      ) : null}
      <ul className="space-y-3">
        {links.map((link, index) => {
          const number = index + 1;
          return (
            <li key={index} className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <input
                aria-label={t`Link ${number} label`}
                value={link.label}
                maxLength={SITE_SETTINGS_LIMITS.footerLabel}
                placeholder={t`Label`}
                required
                onChange={(event) => change(index, { label: event.target.value })}
                className={`${inputClass} sm:max-w-48`}
              />
              <input
                aria-label={t`Link ${number} address`}
                value={link.url}
                type="url"
                placeholder="https://..."
                required
                onChange={(event) => change(index, { url: event.target.value })}
                className={inputClass}
              />
              <Button
                type="button"
                variant="secondary"
                className="self-start sm:self-auto"
                aria-label={t`Remove link ${number}`}
                onClick={() => onChange(links.filter((_, i) => i !== index))}
              >
                <Trash2 size={16} aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      {links.length < SITE_SETTINGS_LIMITS.footerLinks ? (
        <Button type="button" variant="secondary" onClick={() => onChange([...links, { label: '', url: '' }])}>
          <Plus size={16} aria-hidden="true" />
          <Trans>Add a link</Trans>
        </Button>
      ) : null}
    </div>
  );
}
