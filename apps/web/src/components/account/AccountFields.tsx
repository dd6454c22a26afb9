import type { HTMLAttributes } from 'react';
import { TextField } from '../ui/Field';
import { PasswordInput } from '../ui/PasswordInput';
import type { FieldErrors } from '../../lib/server-errors';

/** The account fields of Sign In, Sign Up and Profile: one description each, so the three forms agree. */
export type AccountField = 'name' | 'username' | 'email' | 'password' | 'currentPassword' | 'resume';

export interface AccountFieldSpec {
  label: string;
  type?: 'text' | 'email' | 'url';
  autoComplete?: string;
  placeholder?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

const SPECS: Record<AccountField, AccountFieldSpec> = {
  name: { label: 'Name', autoComplete: 'name', placeholder: 'Your name' },
  username: { label: 'Username', autoComplete: 'username', placeholder: 'Username' },
  email: { label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
  password: { label: 'Password', autoComplete: 'current-password', placeholder: 'Password' },
  currentPassword: { label: 'Current password', autoComplete: 'current-password', placeholder: 'Your password now' },
  resume: { label: 'Resume link', type: 'url', inputMode: 'url', placeholder: 'https://example.com/my-resume.pdf' },
};

export interface AccountFieldsProps<F extends AccountField> {
  fields: readonly F[];
  values: Record<F, string>;
  errors: FieldErrors<F>;
  onChange: (field: F, value: string) => void;
  /** Per-form differences (a new password's autocomplete and hint, say). */
  overrides?: Partial<Record<F, Partial<AccountFieldSpec>>>;
}

export function AccountFields<F extends AccountField>({
  fields,
  values,
  errors,
  onChange,
  overrides,
}: AccountFieldsProps<F>) {
  return (
    <>
      {fields.map((field) => {
        const { label, type = 'text', ...rest } = { ...SPECS[field], ...overrides?.[field] };
        const common = {
          id: field,
          label,
          value: values[field],
          error: errors[field],
          onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
          ...rest,
        };
        return field === 'password' || field === 'currentPassword' ? (
          <PasswordInput key={field} {...common} />
        ) : (
          <TextField key={field} type={type} {...common} />
        );
      })}
    </>
  );
}
