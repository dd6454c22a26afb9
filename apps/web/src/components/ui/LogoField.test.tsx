import { MESSAGES } from '@jobboard/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LogoField } from './LogoField';

/** XMLHttpRequest that answers an upload as the server would: a stored URL, or a refusal. */
class FakeUpload {
  static opened: string[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: { url: '/uploads/1-abc-logo.webp' } };
  status = 0;
  response: unknown = null;
  withCredentials = false;
  responseType = '';
  private listeners: Record<string, () => void> = {};
  upload = { addEventListener: () => {} };
  open(_method: string, url: string) {
    FakeUpload.opened.push(url);
  }
  setRequestHeader() {}
  addEventListener(type: string, cb: () => void) {
    this.listeners[type] = cb;
  }
  send() {
    setTimeout(() => {
      this.status = FakeUpload.answer.status;
      this.response = FakeUpload.answer.body;
      this.listeners.load?.();
    }, 0);
  }
}

function Harness({ initial = '' }: { initial?: string }) {
  const [logo, setLogo] = useState(initial);
  return (
    <LogoField
      id="logo"
      label="Company Logo"
      placeholder="https://example.com/logo.svg"
      companyName="Tidewater Labs"
      value={logo}
      onChange={setLogo}
    />
  );
}

const png = () => new File(['png'], 'logo.png', { type: 'image/png' });

describe('company logo field', () => {
  beforeEach(() => {
    FakeUpload.opened = [];
    FakeUpload.answer = { status: 201, body: { url: '/uploads/1-abc-logo.webp' } };
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });

  it('uploads a file to the logo pipeline and puts its URL in the field, shown beside it', async () => {
    render(<Harness />);
    await userEvent.upload(screen.getByTestId('logo-file'), png());
    await waitFor(() => expect(screen.getByTestId('logo-upload-status')).toHaveTextContent('Logo uploaded'));
    expect(FakeUpload.opened).toEqual(['/api/upload/logo']);
    expect(screen.getByLabelText('Company Logo')).toHaveValue('/uploads/1-abc-logo.webp');
    expect(document.querySelector('img')).toHaveAttribute('src', '/uploads/1-abc-logo.webp');
    expect(screen.getByRole('button', { name: 'Upload a new logo' })).toBeInTheDocument();
  });

  it('keeps a pasted URL working, and removes the logo', async () => {
    render(<Harness initial="https://example.com/old.png" />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.getByLabelText('Company Logo')).toHaveValue('');
    expect(screen.getByTestId('logo-initials')).toHaveTextContent('TL');
    await userEvent.type(screen.getByLabelText('Company Logo'), 'https://example.com/new.png');
    expect(screen.getByLabelText('Company Logo')).toHaveValue('https://example.com/new.png');
  });

  it("refuses a file that is no image before sending it, and shows the server's reason for a refused account", async () => {
    render(<Harness />);
    await userEvent.upload(screen.getByTestId('logo-file'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(screen.getByTestId('logo-upload-status')).toHaveTextContent(MESSAGES.avatarUploadFailed);
    expect(FakeUpload.opened).toEqual([]);
    FakeUpload.answer = { status: 403, body: { message: MESSAGES.avatarUnconfirmed } };
    await userEvent.upload(screen.getByTestId('logo-file'), png());
    await waitFor(() => expect(screen.getByTestId('logo-upload-status')).toHaveTextContent(MESSAGES.avatarUnconfirmed));
    expect(screen.getByLabelText('Company Logo')).toHaveValue('');
  });
});
