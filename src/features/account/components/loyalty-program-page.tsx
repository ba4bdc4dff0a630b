import { Link } from '@tanstack/react-router';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { LoyaltyContent } from './loyalty-content';
import styles from './account.module.css';

/** /loyalty-program: the levels and texts for anyone; a member is pointed to their own progress. */
export function LoyaltyProgramPage() {
  const props = useAppProps();
  return (
    <div className={styles.area}>
      <LoyaltyContent memberId={null} headingLevel={1} />
      {isSignedInMember(props) && props.flags.discountThresholds === 1 ? (
        <p>
          <Link to="/panel/$" params={{ _splat: 'client/discount-thresholds' }}>See your own progress in your account</Link>
        </p>
      ) : null}
    </div>
  );
}
