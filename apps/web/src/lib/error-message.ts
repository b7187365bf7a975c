import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** What to tell a person about a failed call: the server's localized message, or ours when it said nothing. */
export function errorMessage(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.message || t(`errors:${error.code}`);
  return t('errors:internal');
}
