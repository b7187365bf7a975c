import type { ApiError } from './api-client';

/** A 422's field errors (already in the user's language) as a Mantine form takes them: the first message per field. */
export function firstFieldErrors(error: ApiError): Record<string, string> {
  return Object.fromEntries(
    Object.entries(error.fieldErrors)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0] as string]),
  );
}
