import { SITE_SETTINGS_LIMITS, type FooterLink } from '@jobboard/shared';
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
  const change = (index: number, part: Partial<FooterLink>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...part } : link)));
  return (
    <div className="space-y-3" data-field="footerLinks">
      {links.length === 0 ? <p className={muted}>No links: the footer shows only its own.</p> : null}
      <ul className="space-y-3">
        {links.map((link, index) => (
          <li key={index} className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              aria-label={`Link ${index + 1} label`}
              value={link.label}
              maxLength={SITE_SETTINGS_LIMITS.footerLabel}
              placeholder="Label"
              required
              onChange={(event) => change(index, { label: event.target.value })}
              className={`${inputClass} sm:max-w-48`}
            />
            <input
              aria-label={`Link ${index + 1} address`}
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
              aria-label={`Remove link ${index + 1}`}
              onClick={() => onChange(links.filter((_, i) => i !== index))}
            >
              <Trash2 size={16} aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {links.length < SITE_SETTINGS_LIMITS.footerLinks ? (
        <Button type="button" variant="secondary" onClick={() => onChange([...links, { label: '', url: '' }])}>
          <Plus size={16} aria-hidden="true" />
          Add a link
        </Button>
      ) : null}
    </div>
  );
}
