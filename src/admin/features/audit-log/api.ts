import { queryOptions } from '@tanstack/react-query';
import { adminAuditLog, adminStaffList } from '../../../contract/admin';
import { adminApi } from '../../api';

export interface AuditLogSearch {
  page?: number | undefined;
  staff_id?: number | undefined;
  entity?: string | undefined;
}

export const auditLogQuery = (search: AuditLogSearch) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', search],
    queryFn: ({ signal }) => adminApi(adminAuditLog, { query: search, signal }),
  });

/** The audit log's filters and page as the URL keeps them; anything else is left out. */
export function auditLogSearchOf(search: Record<string, unknown>): AuditLogSearch {
  const whole = (value: unknown) => {
    const number = Number(value);
    return Number.isInteger(number) && number >= 1 ? number : undefined;
  };
  const entity = typeof search.entity === 'string' && search.entity.trim() ? search.entity.trim().slice(0, 40) : undefined;
  return { page: whole(search.page), staff_id: whole(search.staff_id), entity };
}

/** The staff accounts to filter by (the Staff screen's list, under the same key). */
export const staffChoicesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'staff', 'list'],
    queryFn: ({ signal }) => adminApi(adminStaffList, { signal }),
  });
