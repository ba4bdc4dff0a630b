/** The customers screens' calls: find a member, a member's page. */
import { queryOptions } from '@tanstack/react-query';
import { adminCustomer, adminCustomerList } from '../../../contract/admin-customers';
import { adminApi } from '../../api';

export interface CustomerListQuery {
  q?: string | undefined;
  page?: number | undefined;
}

export const customerListQuery = (query: CustomerListQuery) =>
  queryOptions({
    queryKey: ['admin', 'customers', 'list', query],
    queryFn: ({ signal }) => adminApi(adminCustomerList, { query, signal }),
  });

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'customers', 'one', id],
    queryFn: ({ signal }) => adminApi(adminCustomer, { params: { id }, signal }),
  });
