import { queryOptions } from '@tanstack/react-query';
import { adminDashboard } from '../../../contract/admin-dashboard';
import { adminApi } from '../../api';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => adminApi(adminDashboard, { signal }),
    // Holds end by the minute: the screen keeps itself current while it is open.
    refetchInterval: 60_000,
  });
