import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, confirmWithPassword, showError, showSuccess } from './dialogs';

/** A button on the page that had focus before a dialog opened. */
function opener(): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = 'Opener';
  document.body.append(button);
  button.focus();
  return button;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the message dialogs (one dialog system: ModalPanel)', () => {
  it('a success dialog names itself by its title, shows its text, starts on OK and gives focus back when closed', async () => {
    const before = opener();
    let closed = false;
    const done = showSuccess('Job Created Successfully', 'It is live.').then(() => (closed = true));
    const dialog = await screen.findByRole('dialog', { name: 'Job Created Successfully' });
    expect(dialog).toHaveTextContent('It is live.');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    await userEvent.click(ok);
    await done;
    expect(closed).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(before).toHaveFocus();
  });

  it("a success dialog's link closes it and follows in the app", async () => {
    const follow = vi.fn();
    const done = showSuccess('Job Created Successfully', undefined, [
      { label: 'View the job', href: '/job/j1', follow },
    ]);
    const link = await screen.findByRole('link', { name: 'View the job' });
    expect(link).toHaveAttribute('href', '/job/j1');
    await userEvent.click(link);
    await done;
    expect(follow).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an error dialog closes with Escape', async () => {
    const done = showError('This application was withdrawn');
    await screen.findByRole('dialog', { name: 'This application was withdrawn' });
    await userEvent.keyboard('{Escape}');
    await done;
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a confirmation starts on Cancel, keeps Tab inside, and resolves true only for its confirm button', async () => {
    const cancelled = confirmDialog(
      'Are you sure?',
      'You will not be able to recover this account!',
      'Yes, delete it!',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAccessibleDescription('You will not be able to recover this account!');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Yes, delete it!' })).toHaveFocus();
    await userEvent.tab();
    expect(cancel).toHaveFocus();
    await userEvent.click(cancel);
    expect(await cancelled).toBe(false);

    const escaped = confirmDialog('Close this job?', 'It leaves search.', 'Yes, close it');
    await screen.findByRole('dialog', { name: 'Close this job?' });
    await userEvent.keyboard('{Escape}');
    expect(await escaped).toBe(false);

    const confirmed = confirmDialog('Close this job?', 'It leaves search.', 'Yes, close it');
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, close it' }));
    expect(await confirmed).toBe(true);
  });

  it('a confirmation with a password resolves with what was typed, empty when nothing was, undefined on Cancel', async () => {
    const typed = confirmWithPassword(
      'Are you sure?',
      'You will not be able to recover this account!',
      'Yes, delete it!',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.type(within(dialog).getByLabelText(/Current password/), 'my current password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await typed).toBe('my current password');

    const empty = confirmWithPassword('Are you sure?', 'Text', 'Yes, delete it!');
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await empty).toBe('');

    const cancelled = confirmWithPassword('Are you sure?', 'Text', 'Yes, delete it!');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await cancelled).toBeUndefined();
  });
});
