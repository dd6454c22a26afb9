import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { msg } from '@lingui/core/macro';
import { appI18n, InAppLanguage } from '../../lib/i18n';
import { MessageDialog, type MessageAnswer, type MessageDialogProps, type SuccessLink } from './MessageDialog';

export type { SuccessLink } from './MessageDialog';

/**
 * Message dialogs called as functions: each opens a MessageDialog in a root of its own on <body> and resolves when
 * it closes, so an event handler can `await` a confirmation without holding dialog state of its own.
 */
function open(props: Omit<MessageDialogProps, 'onClose'>): Promise<MessageAnswer> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    let closed = false;
    const onClose = (answer: MessageAnswer) => {
      if (closed) return;
      closed = true;
      // Unmounted before the caller goes on, so focus is back on the opener when it opens the next dialog.
      root.unmount();
      host.remove();
      resolve(answer);
    };
    root.render(createElement(InAppLanguage, null, createElement(MessageDialog, { ...props, onClose })));
  });
}

export async function showSuccess(title: string, text?: string, links: readonly SuccessLink[] = []): Promise<void> {
  await open({ tone: 'success', title, text, links, confirmLabel: appI18n()._(msg`OK`) });
}

export async function showError(title: string, text?: string): Promise<void> {
  await open({ tone: 'error', title, text, confirmLabel: appI18n()._(msg`OK`) });
}

/** Resolves true when the person confirmed. */
export async function confirmDialog(title: string, text: string, confirmButtonText: string): Promise<boolean> {
  const answer = await open({ tone: 'warning', title, text, confirmLabel: confirmButtonText, cancellable: true });
  return answer.confirmed;
}

/**
 * A confirmation that also asks for the current password (account deletion). Resolves with the password typed
 * (empty for an account without one, which proves itself by a recent Google sign-in), or undefined when cancelled.
 */
export async function confirmWithPassword(
  title: string,
  text: string,
  confirmButtonText: string,
): Promise<string | undefined> {
  const answer = await open({
    tone: 'warning',
    title,
    text,
    confirmLabel: confirmButtonText,
    cancellable: true,
    askPassword: true,
  });
  return answer.confirmed ? answer.password : undefined;
}
