import { useStaff } from '../../session';
import { PageHeading } from '../../ui';

export function DashboardScreen() {
  const staff = useStaff();
  return <PageHeading title="Dashboard" description={`Signed in as ${staff.name}.`} />;
}
