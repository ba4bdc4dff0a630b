/**
 * The loader of /warranty/{number}: the certificate's check in the query cache the page reads, and
 * the page's head. A number never issued (or text that is not one) is the router's 404. The page is
 * kept out of search engines: it exists for whoever holds the certificate.
 */
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { WARRANTY_CERTIFICATE_NUMBER, warrantyCertificatePath } from '../../domain/warranty-certificates';
import { isApiError } from '../../shared/api/api-error';
import { pageHead, pageTitle, type Head } from '../../shared/head';
import { certificateQueryOptions } from './api/certificates';

export async function loadCertificate({ queryClient, publicUrl }: { queryClient: QueryClient; publicUrl: string }, number: string): Promise<{ number: string; head: Head }> {
  if (!WARRANTY_CERTIFICATE_NUMBER.test(number)) throw notFound();
  try {
    await queryClient.ensureQueryData(certificateQueryOptions(number));
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
  const description = 'Confirmation of a warranty certificate: the part it covers and the date it is valid until.';
  return { number, head: pageHead({ title: pageTitle(`Warranty certificate ${number}`), description, canonicalPath: warrantyCertificatePath(number), publicUrl, noindex: true }) };
}
