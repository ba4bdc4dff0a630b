import { t } from '../../domain/messages';
import { isApiError } from '../api/api-error';

/** What a failed account call tells the person (SPEC §8): the server's msg, or the request's own error message. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return error.msg;
  return error instanceof Error && error.message ? error.message : t('global.error');
}
