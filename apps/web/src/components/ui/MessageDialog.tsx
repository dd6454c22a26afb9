import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useId, useState, type MouseEvent } from 'react';
import { Button } from './Button';
import { ModalPanel } from './ModalPanel';
import { PasswordInput } from './PasswordInput';

export type MessageTone = 'success' | 'error' | 'warning';

/** A way on from a success dialog: `follow` moves the app there (client-side), after the dialog closed. */
export interface SuccessLink {
  label: string;
  href: string;
  follow: () => void;
}

/** How a message dialog was closed: by its confirm button or not, with the password typed when it asked for one. */
export interface MessageAnswer {
  confirmed: boolean;
  password: string;
}

export interface MessageDialogProps {
  tone: MessageTone;
  title: string;
  text?: string | undefined;
  links?: readonly SuccessLink[] | undefined;
  /** The confirm button's label; a dialog with a Cancel button is a question, and starts on Cancel. */
  confirmLabel: string;
  cancellable?: boolean;
  /** Asks for the current password (account deletion). */
  askPassword?: boolean;
  onClose: (answer: MessageAnswer) => void;
}

const TONES = {
  success: { Icon: CircleCheck, color: 'text-teal-700 dark:text-teal-300' },
  error: { Icon: CircleX, color: 'text-red-700 dark:text-red-300' },
  warning: { Icon: TriangleAlert, color: 'text-amber-600 dark:text-amber-300' },
} as const;

/** Follows a success link in the app on a plain left click; any other click (new tab, ...) stays the browser's. */
function onLinkClick(event: MouseEvent<HTMLAnchorElement>, link: SuccessLink, close: () => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  close();
  link.follow();
}

/**
 * The app's message dialogs (success, error, confirmation) on the same ModalPanel as its forms: focus starts on
 * the safe button and stays inside, Escape and the backdrop mean "no", and focus returns to what opened it.
 */
export function MessageDialog(props: MessageDialogProps) {
  const { t } = useLingui();
  const { tone, title, text, links = [], confirmLabel, cancellable = false, askPassword = false, onClose } = props;
  const titleId = useId();
  const textId = useId();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const { Icon, color } = TONES[tone];
  const dismiss = () => onClose({ confirmed: false, password: '' });

  return (
    <ModalPanel
      titleId={titleId}
      descriptionId={text ? textId : undefined}
      onClose={dismiss}
      initialFocus={cancellable ? '[data-cancel]' : '[data-confirm]'}
      testId="message-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onClose({ confirmed: true, password });
        }}
      >
        <div className="flex items-start gap-3">
          <Icon aria-hidden="true" className={`mt-0.5 size-7 shrink-0 ${color}`} />
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
        </div>
        {text ? (
          <p id={textId} className="mt-3 text-slate-700 dark:text-slate-300">
            {text}
          </p>
        ) : null}
        {links.length > 0 ? (
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
            {links.map((link) => (
              <a
                key={link.href}
                href={link.href}
                onClick={(event) => onLinkClick(event, link, dismiss)}
                className="font-semibold text-teal-700 underline hover:no-underline dark:text-teal-300"
              >
                {link.label}
              </a>
            ))}
          </p>
        ) : null}
        {askPassword ? (
          <div className="mt-4">
            <PasswordInput
              id={passwordId}
              label={t`Current password (leave empty if you sign in with Google only)`}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {cancellable ? (
            <Button variant="secondary" data-cancel onClick={dismiss}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
          <Button type="submit" variant={cancellable ? 'danger' : 'primary'} data-confirm>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}
