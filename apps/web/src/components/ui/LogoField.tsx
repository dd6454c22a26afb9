import { MESSAGES } from '@jobboard/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageUp, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { ImageUploadError, isAcceptableImage, uploadImage } from '../../lib/image-upload';
import { serverText } from '../server-text';
import { Button } from './Button';
import { CompanyLogo } from './CompanyLogo';
import { errorProps, FieldShell, inputClass } from './Field';

type UploadState =
  { kind: 'idle' } | { kind: 'running'; percent: number } | { kind: 'done' } | { kind: 'error'; message: string };

/** The image itself was refused (the spec's text) or the account was (not confirmed, too many: the server's words). */
function uploadErrorText(error: unknown): string {
  if (error instanceof ImageUploadError && (error.status === 403 || error.status === 429)) return error.message;
  return MESSAGES.avatarUploadFailed;
}

/** What the field says of its image: a company's logo, or its page's cover image. */
const WORDS = {
  logo: {
    upload: msg`Upload a logo`,
    replace: msg`Upload a new logo`,
    remove: msg`Remove logo`,
    done: msg`Logo uploaded`,
  },
  cover: {
    upload: msg`Upload a cover image`,
    replace: msg`Upload a new cover image`,
    remove: msg`Remove cover image`,
    done: msg`Cover image uploaded`,
  },
} as const;

function UploadStatus({ id, upload, done }: { id: string; upload: UploadState; done: string }) {
  const { i18n } = useLingui();
  const percent =
    upload.kind === 'running' ? (upload.percent / 100).toLocaleString(i18n.locale, { style: 'percent' }) : '';
  return (
    <p className="min-h-5 text-sm" role="status" data-testid={`${id}-upload-status`}>
      {upload.kind === 'error' ? (
        <span className="text-red-700 dark:text-red-300">{serverText(i18n, upload.message)}</span>
      ) : null}
      {upload.kind === 'running' ? (
        <span className="text-slate-700 dark:text-slate-300">
          <Trans>Uploading {percent}</Trans>
        </span>
      ) : null}
      {upload.kind === 'done' ? <span className="text-green-700 dark:text-green-300">{done}</span> : null}
    </p>
  );
}

/** The chosen image beside its field: the logo as cards show it (initials without one), or the cover's thumbnail. */
function ImagePreview({ kind, src, companyName }: { kind: 'logo' | 'cover'; src: string; companyName: string }) {
  if (kind === 'logo')
    return (
      <CompanyLogo
        src={src}
        companyName={companyName || '?'}
        alt=""
        size={48}
        className="h-12 w-12 shrink-0 rounded-xl border border-slate-200 p-1 text-sm dark:border-slate-700"
      />
    );
  if (!src) return null;
  return <img src={src} alt="" className="h-12 w-36 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800" />;
}

export interface LogoFieldProps {
  id: string;
  label: string;
  value: string;
  companyName: string;
  placeholder: string;
  error?: string | undefined;
  onChange: (url: string) => void;
  /** True while a file is on its way: the form around waits before it saves. */
  onBusy?: (busy: boolean) => void;
  className?: string;
  /** A logo (default: fitted whole in a square, shown beside the field) or a 3:1 cover image. */
  kind?: 'logo' | 'cover';
}

/**
 * A company logo (or cover image): uploaded like an avatar (checked and re-encoded by the server) or given as a
 * URL, as old clients do. The chosen image shows beside the field; "Remove logo" empties it. Saved with the form
 * around it.
 */
export function LogoField({
  id,
  label,
  value,
  companyName,
  placeholder,
  error,
  onChange,
  onBusy,
  className,
  kind = 'logo',
}: LogoFieldProps) {
  const { i18n } = useLingui();
  const words = WORDS[kind];
  const [upload, setUploadState] = useState<UploadState>({ kind: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const setUpload = (next: UploadState) => {
    setUploadState(next);
    onBusy?.(next.kind === 'running');
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptableImage(file)) return setUpload({ kind: 'error', message: MESSAGES.avatarUploadFailed });
    setUpload({ kind: 'running', percent: 0 });
    uploadImage(kind, file, (percent) => setUpload({ kind: 'running', percent })).then(
      (url) => {
        onChange(url);
        setUpload({ kind: 'done' });
      },
      (failure: unknown) => setUpload({ kind: 'error', message: uploadErrorText(failure) }),
    );
  };

  return (
    <FieldShell id={id} label={label} error={error} className={className ?? ''}>
      <div className="flex items-center gap-3">
        <ImagePreview kind={kind} src={value} companyName={companyName} />
        <input
          id={id}
          name={id}
          type="url"
          inputMode="url"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass}
          {...errorProps(id, error)}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input ref={fileInput} type="file" accept="image/*" hidden onChange={onFile} data-testid={`${id}-file`} />
        <Button
          variant="secondary"
          onClick={() => fileInput.current?.click()}
          disabled={upload.kind === 'running'}
          aria-describedby={`${id}-upload-hint`}
        >
          <ImageUp size={16} aria-hidden="true" />
          {i18n._(value ? words.replace : words.upload)}
        </Button>
        {value ? (
          <Button variant="ghost" onClick={() => onChange('')} disabled={upload.kind === 'running'}>
            <Trash2 size={16} aria-hidden="true" />
            {i18n._(words.remove)}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-upload-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        <Trans>PNG, JPEG, WebP or GIF under 2 MB, or paste the address of one.</Trans>
      </p>
      <UploadStatus id={id} upload={upload} done={i18n._(words.done)} />
    </FieldShell>
  );
}
