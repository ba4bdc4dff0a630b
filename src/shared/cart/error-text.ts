/**
 * What a toast says when a cart or checkout call fails (SPEC §8): the server's reason for the
 * field it refused when there is one ('Please enter a valid UK postcode.'), else its message,
 * else the transport's ('You are offline…').
 */
import { t } from '../../domain/messages';
import { isApiError } from '../api/api-error';

export function cartErrorText(error: unknown): string {
  if (!isApiError(error)) return t('global.error');
  const fieldMessage = Object.values(error.errors).find((messages) => messages.length > 0)?.[0];
  return fieldMessage ?? error.msg;
}
