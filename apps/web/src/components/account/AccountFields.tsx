import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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

type Spec = Omit<AccountFieldSpec, 'label' | 'placeholder'> & {
  label: MessageDescriptor;
  placeholder?: MessageDescriptor;
};

const SPECS: Record<AccountField, Spec> = {
  name: { label: msg`Name`, autoComplete: 'name', placeholder: msg`Your name` },
  username: { label: msg`Username`, autoComplete: 'username', placeholder: msg`Username` },
  email: { label: msg`Email`, type: 'email', autoComplete: 'email', placeholder: msg`you@example.com` },
  password: { label: msg`Password`, autoComplete: 'current-password', placeholder: msg`Password` },
  currentPassword: {
    label: msg`Current password`,
    autoComplete: 'current-password',
    placeholder: msg`Your password now`,
  },
  resume: {
    label: msg`Resume link`,
    type: 'url',
    inputMode: 'url',
    placeholder: msg`https://example.com/my-resume.pdf`,
  },
};

function specIn(i18n: I18n, field: AccountField): AccountFieldSpec {
  const { label, placeholder, ...rest } = SPECS[field];
  return { ...rest, label: i18n._(label), ...(placeholder ? { placeholder: i18n._(placeholder) } : {}) };
}

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
  const { i18n } = useLingui();
  return (
    <>
      {fields.map((field) => {
        const { label, type = 'text', ...rest } = { ...specIn(i18n, field), ...overrides?.[field] };
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
