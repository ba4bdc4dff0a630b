import { useAppProps } from '../../../shared/app-props';
import { LoyaltyContent } from './loyalty-content';

/** /panel/client/discount-thresholds: the loyalty page with the member's own progress. */
export function LoyaltyScreen() {
  const { memberIdentifier } = useAppProps();
  return <LoyaltyContent memberId={memberIdentifier || null} headingLevel={1} />;
}
