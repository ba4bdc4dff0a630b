/** The public check of a warranty certificate (GET /warranty-certificates/{number}) as queryOptions the loader ensures and the page reads. */
import { queryOptions } from '@tanstack/react-query';
import { getWarrantyCertificate } from '../../../contract/warranty';
import { apiOf } from '../../../shared/api/client';

export const certificateQueryOptions = (number: string) =>
  queryOptions({
    queryKey: ['warranty-certificate', number] as const,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getWarrantyCertificate, { params: { number }, signal })).certificate,
    // Whether it still runs changes with the clock: read again whenever the page is opened.
    staleTime: 0,
  });
