import { useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { errorProps, FieldShell, inputClass } from './Field';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  label: string;
  error?: string | undefined;
}

/** Password field with the spec's show/hide toggle. */
export function PasswordInput({ id, label, error, className = '', ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const { t } = useLingui();
  return (
    <FieldShell id={id} label={label} error={error}>
      <div className="relative">
        <input
          id={id}
          name={id}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pe-11 ${className}`}
          {...errorProps(id, error)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t`Hide password` : t`Show password`}
          aria-pressed={visible}
          className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-lg text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
        >
          {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      </div>
    </FieldShell>
  );
}
