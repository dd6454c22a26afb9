import { Trans } from '@lingui/react/macro';
import { useState, type ChangeEvent, type InputHTMLAttributes } from 'react';

type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  id: string;
  /** The field shows the chosen file itself (with its size): here only "No file chosen" until one is. */
  chosenShownElsewhere?: boolean;
};

/**
 * A file field whose button and "no file" words are the app's: a native one speaks the browser's language, so an
 * English browser showed "Choose File" on an Arabic page. The input stays in the page (visually hidden, focusable),
 * labelled by the field's own label; its button is a second label, styled as a button.
 */
export function FileInput({ id, onChange, chosenShownElsewhere = false, ...input }: FileInputProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  // Read after the field's own handler, which may empty the input (a file uploaded at once is not kept chosen).
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    setChosen(event.target.files?.[0]?.name ?? null);
  };
  return (
    <div className="flex min-w-0 items-center gap-3">
      <input id={id} type="file" className="peer sr-only" onChange={change} {...input} />
      <label
        htmlFor={id}
        aria-hidden="true"
        className="shrink-0 cursor-pointer rounded-lg bg-teal-700 px-3 py-2 text-sm font-semibold text-white hover:bg-teal-800 peer-focus-visible:ring-2 peer-focus-visible:ring-teal-600 peer-focus-visible:ring-offset-2 peer-disabled:cursor-default peer-disabled:opacity-60 dark:peer-focus-visible:ring-offset-slate-900"
      >
        <Trans>Choose a file</Trans>
      </label>
      <span className="min-w-0 truncate text-sm text-slate-700 dark:text-slate-300">
        {!chosen ? <Trans>No file chosen</Trans> : chosenShownElsewhere ? null : <bdi>{chosen}</bdi>}
      </span>
    </div>
  );
}
