import { SUCCESS_DIALOG_COLOR } from '@jobboard/shared';

/**
 * SweetAlert2 wrappers. The library is imported on first use, so it never weighs on a page that shows no
 * dialog (the home page). The theme follows the `dark` class on <html>.
 */
async function swal() {
  const module = await import('sweetalert2');
  return module.default;
}

function theme(): 'dark' | 'light' {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

const confirmClass = { confirmButton: 'jb-swal-confirm' };

export async function showSuccess(title: string, text?: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ icon: 'success', title, text, theme: theme(), confirmButtonColor: SUCCESS_DIALOG_COLOR, customClass: confirmClass });
}

export async function showError(title: string, text?: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ icon: 'error', title, text, theme: theme(), confirmButtonColor: SUCCESS_DIALOG_COLOR, customClass: confirmClass });
}

/** Resolves true when the person confirmed. */
export async function confirmDialog(title: string, text: string, confirmButtonText: string): Promise<boolean> {
  const Swal = await swal();
  const result = await Swal.fire({
    icon: 'warning',
    title,
    text,
    theme: theme(),
    showCancelButton: true,
    confirmButtonText,
    confirmButtonColor: '#b91c1c',
    cancelButtonColor: '#475569',
    focusCancel: true,
  });
  return result.isConfirmed;
}

/**
 * A confirmation that also asks for the current password (account deletion). Resolves with the password typed
 * (empty for an account without one, which proves itself by a recent Google sign-in), or undefined when cancelled.
 */
export async function confirmWithPassword(title: string, text: string, confirmButtonText: string): Promise<string | undefined> {
  const Swal = await swal();
  const result = await Swal.fire<string>({
    icon: 'warning',
    title,
    text,
    theme: theme(),
    input: 'password',
    inputLabel: 'Current password (leave empty if you sign in with Google only)',
    inputAttributes: { autocomplete: 'current-password', 'aria-label': 'Current password' },
    showCancelButton: true,
    confirmButtonText,
    confirmButtonColor: '#b91c1c',
    cancelButtonColor: '#475569',
    focusCancel: true,
  });
  return result.isConfirmed ? (result.value ?? '') : undefined;
}
