import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 shadow-sm focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

export const labelClass = 'mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}

export function FieldShell({ id, label, error, children, className = '' }: FieldShellProps) {
  return (
    <div className={className} data-field={id}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Moves focus to a field and scrolls its whole block (label, input and message) into view below the sticky
 * header: `html { scroll-padding-top }` (index.css) keeps the header's band out of the visible area, and
 * 'nearest' scrolls only as far as needed. Plain focus() would not scroll at all when the field is merely
 * under the header, since the browser counts that as on screen.
 */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.focus({ preventScroll: true });
  const block = element.closest('[data-field]') ?? element;
  block.scrollIntoView({ block: 'nearest' });
}

export function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  wrapperClassName?: string;
}

export function TextField({ id, label, error, wrapperClassName, className = '', ...props }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} className={wrapperClassName ?? ''}>
      <input id={id} name={id} className={`${inputClass} ${className}`} {...errorProps(id, error)} {...props} />
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
}

export function TextAreaField({ id, label, error, className = '', ...props }: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea id={id} name={id} className={`${inputClass} ${className}`} {...errorProps(id, error)} {...props} />
    </FieldShell>
  );
}
