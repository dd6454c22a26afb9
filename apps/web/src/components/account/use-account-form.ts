import { useEffect, useRef, useState } from 'react';
import { focusField } from '../ui/Field';
import { parseServerError, type FieldErrors } from '../../lib/server-errors';
import type { AccountField } from './AccountFields';

/**
 * Values and messages of an account form. A server refusal is split into a message beside each field it
 * names (focus goes to the first) and one for the form; changing a field clears its own message and the
 * form's note, so nothing stale stays on screen.
 */
export function useAccountForm<F extends AccountField>(fields: readonly F[], initial: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusNext = useRef<F | null>(null);

  useEffect(() => {
    const field = focusNext.current;
    if (field === null) return;
    focusNext.current = null;
    focusField(field);
  });

  const change = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
    setFormError(null);
  };

  const showServerError = (error: unknown) => {
    const parsed = parseServerError(error, fields);
    setErrors(parsed.fields);
    setFormError(parsed.form);
    focusNext.current = fields.find((field) => parsed.fields[field] !== undefined) ?? null;
  };

  const clearErrors = () => {
    setErrors({});
    setFormError(null);
  };

  return { values, setValues, errors, formError, setFormError, change, showServerError, clearErrors };
}
