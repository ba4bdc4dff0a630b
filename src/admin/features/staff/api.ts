import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminStaffCreate, adminStaffDisable, adminStaffList, adminStaffRole } from '../../../contract/admin';
import type { StaffRole } from '../../../domain/staff-permissions';
import { adminApi } from '../../api';

const STAFF_KEY = ['admin', 'staff'] as const;

export const staffListQuery = () =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'list'],
    queryFn: ({ signal }) => adminApi(adminStaffList, { signal }),
  });

/** After any change to an account the list (and the audit log) are read again. */
function useStaffChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: STAFF_KEY }), queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]),
  });
}

export const useCreateStaff = () =>
  useStaffChange((body: { email: string; name: string; role: StaffRole; password: string }) => adminApi(adminStaffCreate, { body }));

export const useChangeRole = () => useStaffChange(({ id, role }: { id: number; role: StaffRole }) => adminApi(adminStaffRole, { params: { id }, body: { role } }));

export const useDisableStaff = () => useStaffChange((id: number) => adminApi(adminStaffDisable, { params: { id } }));
