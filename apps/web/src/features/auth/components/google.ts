import { MESSAGES } from '@jobboard/shared';
import type { User } from '@jobboard/shared';

export interface GoogleMessage {
  type: 'jobboard:google';
  ok: boolean;
  user?: User;
  message?: string;
}

export function isGoogleMessage(data: unknown): data is GoogleMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'jobboard:google';
}

/**
 * Opens the provider popup (500x600) on /api/auth/google/start and resolves with what the popup posts back
 * from our own origin. Messages from any other origin are ignored.
 */
export function openGooglePopup(): Promise<GoogleMessage> {
  return new Promise((resolve) => {
    const width = 500;
    const height = 600;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(
      '/api/auth/google/start',
      'jobboard-google',
      `width=${width},height=${height},left=${left},top=${top}`,
    );
    if (!popup) {
      resolve({ type: 'jobboard:google', ok: false, message: MESSAGES.googlePopupBlocked });
      return;
    }
    const done = (message: GoogleMessage) => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      resolve(message);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isGoogleMessage(event.data)) return;
      done(event.data);
    };
    window.addEventListener('message', onMessage);
    // Closing the popup without finishing is a cancel: said in the error line, nothing else changes. The
    // popup closes itself right after posting its result, so a close is only a cancel once no message has
    // arrived for a moment (a Promise settles once: a late cancel after a result changes nothing).
    const timer = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(timer);
      setTimeout(() => done({ type: 'jobboard:google', ok: false, message: MESSAGES.googleCancelled }), 750);
    }, 300);
  });
}
