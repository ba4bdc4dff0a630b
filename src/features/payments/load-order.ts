/**
 * The order a payment page shows, for its loader: someone else's order, an unknown one or a hash
 * that is not one is the page's not-found (the API answers 404, or 422 for a malformed hash), so
 * the route draws 'We could not find this order' with a 404 status rather than an error page.
 */
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '../../shared/api/api-error';
import { paymentMethodsQueryOptions, paymentOrderQueryOptions } from './api/payment-queries';

export async function loadPaymentOrder(queryClient: QueryClient, hash: string, options: { withMethods: boolean }): Promise<void> {
  if (!hash) throw notFound();
  // The panel's methods come with the page when they can; the panel asks again if they could not.
  const methods = options.withMethods ? queryClient.prefetchQuery(paymentMethodsQueryOptions()) : Promise.resolve();
  try {
    // Always asked afresh: a payment changes the order's status, and a kept copy would say 'Not paid'.
    await queryClient.fetchQuery(paymentOrderQueryOptions(hash));
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) throw notFound();
    throw error;
  }
  await methods;
}
