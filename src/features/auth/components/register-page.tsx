/**
 * /register (SPEC §2 'Registration form'; the spec leaves the route open): the registration form
 * with the shop's agreement texts. A signed-in member is told so and offered their account.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { signUpStaticsQueryOptions } from '../api/sign-up-statics';
import { RegisterForm } from './register-form';
import styles from './register-page.module.css';

export function RegisterPage() {
  useDocumentTitle('Create an account');
  const props = useAppProps();
  const { data: statics } = useSuspenseQuery(signUpStaticsQueryOptions());
  // Decided once: registering signs the visitor in, and the form's success message must stay.
  const [signedIn] = useState(() => isSignedInMember(props));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Create an account</h1>
      {signedIn ? (
        <p>
          You are signed in as {props.memberFirstName}. <a href="/panel/#/client/orders">Go to your account</a>
        </p>
      ) : (
        <>
          <p className={styles.lead}>Track your orders and returns, keep a wishlist and check out faster. Private buyers and businesses welcome.</p>
          <RegisterForm statics={statics} companyAccount={props.flags.companyAccount === 1} />
        </>
      )}
    </div>
  );
}
