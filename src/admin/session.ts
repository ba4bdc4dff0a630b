/**
 * Who is signed in to the back office: GET /admin/me, kept in the query cache. Null when nobody is
 * (the call answers 401; it also starts the anonymous staff session whose CSRF token the sign-in
 * form sends). `useStaff()` gives the member of staff inside the signed-in screens, `useCan()` asks
 * whether their role has a permission (the server checks the same table on every call).
 */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { adminMe } from '../contract/admin';
import type { Permission, StaffRole } from '../domain/staff-permissions';
import { isApiError, sendAdminCall } from './api';

export interface SignedInStaff {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  permissions: Permission[];
}

export const meQueryKey = ['admin', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: async ({ signal }): Promise<SignedInStaff | null> => {
      try {
        return (await sendAdminCall(adminMe, { signal })).staff;
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

/** The signed-in member of staff (the _staff layout route makes sure there is one). */
export function useStaff(): SignedInStaff {
  const { data } = useSuspenseQuery(meQueryOptions());
  if (!data) throw new Error('useStaff is used outside the signed-in screens');
  return data;
}

/** Whether the signed-in member of staff's role has this permission. */
export function useCan(): (permission: Permission) => boolean {
  const staff = useStaff();
  return (permission) => staff.permissions.includes(permission);
}

export const ROLE_NAMES: Record<StaffRole, string> = { owner: 'Owner', sales: 'Sales', warehouse: 'Warehouse', content: 'Content' };
