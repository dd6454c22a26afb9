import { Trans } from '@lingui/react/macro';
import { ResendVerification } from '../../components/account/ResendVerification';

/**
 * The slim notice under the header while the signed-in user's address is not confirmed: posting jobs waits for
 * it (the server refuses with 403 until then). Loaded lazily, only for such a user (app/layout/RootLayout.tsx).
 */
export function UnverifiedBanner() {
  return (
    <div
      className="border-b border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="unverified-banner"
    >
      <p className="mx-auto max-w-6xl px-4 py-2 text-sm sm:px-6">
        <Trans>Confirm your e-mail address to post jobs.</Trans> <ResendVerification />
      </p>
    </div>
  );
}
