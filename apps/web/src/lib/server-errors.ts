import { MESSAGES } from '@jobboard/shared';
import { ApiError, errorMessage } from './api';
import { appI18n } from './i18n';
import { serverText } from './server-text';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface ServerErrors<F extends string> {
  fields: FieldErrors<F>;
  /** What belongs to no single field (a wrong password, the server being down...), or null. */
  form: string | null;
}

/** Conflicts the server names by message only: they belong beside these fields. */
const CONFLICT_FIELDS: Record<string, string> = {
  [MESSAGES.emailTaken]: 'email',
  [MESSAGES.usernameTaken]: 'username',
};

/**
 * Splits a server refusal into messages per field. A 400 reads `{message: "name: Name is required;
 * username: Username is required"}`: each `field: text` part whose field is one of `fields` goes beside that
 * field (its first message only); any other part, and any other error, is for the form as a whole.
 */
export function parseServerError<F extends string>(error: unknown, fields: readonly F[]): ServerErrors<F> {
  const result: ServerErrors<F> = { fields: {}, form: null };
  const known = (name: string): name is F => (fields as readonly string[]).includes(name);
  if (!(error instanceof ApiError)) {
    result.form = errorMessage(error);
    return result;
  }
  const conflictField = CONFLICT_FIELDS[error.message];
  // In the reader's language (lib/server-text.ts); a translation keeps the "field: " its English starts with.
  const say = (text: string) => serverText(appI18n(), text);
  if (conflictField !== undefined && known(conflictField)) {
    result.fields[conflictField] = say(error.message);
    return result;
  }
  if (error.status !== 400) {
    result.form = errorMessage(error);
    return result;
  }
  const rest: string[] = [];
  for (const part of error.message.split(/;\s*/)) {
    const match = /^([A-Za-z][\w.]*):\s*(.+)$/.exec(say(part.trim()));
    const name = match?.[1];
    const text = match?.[2];
    if (name !== undefined && text !== undefined && known(name)) {
      result.fields[name] ??= text;
    } else if (part.trim()) {
      rest.push(match && text !== undefined ? text : say(part.trim()));
    }
  }
  result.form = rest.length > 0 ? rest.join(' ') : null;
  return result;
}
