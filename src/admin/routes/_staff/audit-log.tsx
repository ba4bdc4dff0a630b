import { createFileRoute } from '@tanstack/react-router';
import { auditLogQuery, auditLogSearchOf } from '../../features/audit-log/api';
import { AuditLogScreen } from '../../features/audit-log/audit-log-screen';

export const Route = createFileRoute('/_staff/audit-log')({
  validateSearch: auditLogSearchOf,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(auditLogQuery(deps)),
  component: AuditLog,
});

function AuditLog() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AuditLogScreen search={search} onSearch={(next) => void navigate({ search: next })} />;
}
