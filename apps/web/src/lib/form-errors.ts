import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/** When a form's schema could not be downloaded. */
export const SCHEMA_LOAD_FAILED = 'Check your connection and try again.';

/**
 * Puts a 422 answer's first message for each field under that field (the API's error keys are the
 * payload's field names). Returns the first message of all, for the 'Error!' toast; for any other
 * failure, the error's own message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  let first: string | undefined;
  let focused = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (!message) continue;
    first ??= message;
    setError(field, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  if (!first) {
    first = Object.values(error.errors)
      .map((messages) => messages[0])
      .find((message): message is string => Boolean(message));
  }
  return first ?? error.message;
}
