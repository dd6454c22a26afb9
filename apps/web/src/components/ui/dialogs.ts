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

/** A way on from a success dialog: `follow` moves the app there (client-side), after the dialog closed. */
export interface SuccessLink {
  label: string;
  href: string;
  follow: () => void;
}

/** The links of a success dialog, as elements: a plain left click closes the dialog and follows in the app. */
function linkList(links: readonly SuccessLink[], close: () => void): HTMLElement {
  const list = document.createElement('p');
  list.className = 'jb-swal-links';
  for (const link of links) {
    const anchor = document.createElement('a');
    anchor.href = link.href;
    anchor.textContent = link.label;
    anchor.className = 'font-semibold text-teal-700 underline hover:no-underline dark:text-teal-300 mx-2';
    anchor.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      close();
      link.follow();
    });
    list.append(anchor);
  }
  return list;
}

export async function showSuccess(title: string, text?: string, links: readonly SuccessLink[] = []): Promise<void> {
  const Swal = await swal();
  const html = links.length > 0 ? linkList(links, () => Swal.close()) : undefined;
  await Swal.fire({
    icon: 'success',
    title,
    text,
    html,
    theme: theme(),
    confirmButtonColor: SUCCESS_DIALOG_COLOR,
    customClass: confirmClass,
  });
}

export async function showError(title: string, text?: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({
    icon: 'error',
    title,
    text,
    theme: theme(),
    confirmButtonColor: SUCCESS_DIALOG_COLOR,
    customClass: confirmClass,
  });
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
export async function confirmWithPassword(
  title: string,
  text: string,
  confirmButtonText: string,
): Promise<string | undefined> {
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
