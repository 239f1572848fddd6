import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/*
 * An RFC 9457 problem's field errors (`errors`: field → messages, read into ApiError.fieldErrors) put onto a
 * react-hook-form form: each message on its field (type 'server', the first such field focused), shown through the
 * same translation as the form's own messages (lib/validation-message.ts). What no field of the form shows — a
 * failure without field errors, or errors of fields the form does not have — is the form's own message
 * (`formLevelError`). One place for what four forms did by hand.
 */

/** Server field names the form calls differently (e.g. `body.dateLocal` → `dateLocal`). */
export type FieldAliases<T extends FieldValues> = Partial<Record<string, FieldPath<T>>>;

/** The form fields the error's field errors belong to, with their first message, in the form's field order. */
export function serverFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  aliases: FieldAliases<T> = {},
): Array<[FieldPath<T>, string]> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return [];
  const found = new Map<FieldPath<T>, string>();
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const field = aliases[name] ?? (fields.includes(name as FieldPath<T>) ? (name as FieldPath<T>) : undefined);
    const first = messages[0];
    if (field && first && !found.has(field)) found.set(field, first);
  }
  return fields.flatMap((field) => (found.has(field) ? [[field, found.get(field)!] as [FieldPath<T>, string]] : []));
}

/** Sets the error's field errors on the form (focusing the first); answers whether any field shows one. */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  aliases?: FieldAliases<T>,
): boolean {
  const found = serverFieldErrors(error, fields, aliases);
  found.forEach(([field, message], index) => setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
  return found.length > 0;
}

/**
 * The error the form shows above its buttons: none while it is shown on a field, else the error itself (the form
 * words it: no answer, the server's message or the generic text).
 */
export function formLevelError<T extends FieldValues, E>(
  error: E,
  fields: readonly FieldPath<T>[],
  aliases?: FieldAliases<T>,
): E | undefined {
  if (!error) return undefined;
  return serverFieldErrors(error, fields, aliases).length > 0 ? undefined : error;
}
