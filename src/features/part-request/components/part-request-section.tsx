import { Suspense } from 'react';
import { PART_REQUEST_ANCHOR } from '../../../shared/anchors';
import type { PartRequestFormDefaults } from './part-request-form';
import styles from './part-request-form.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const PartRequestForm = lazyWhenOnline(() => import('./part-request-form'));

/**
 * Where the no-results flow ends (SPEC §2): the part request form under its heading, at the anchor
 * the results scroll to. The form's code (and its bot check) load only here.
 */
export function PartRequestSection({ defaults }: { defaults: PartRequestFormDefaults }) {
  return (
    <section id={PART_REQUEST_ANCHOR} className={styles.section} aria-labelledby="part-request-title" tabIndex={-1}>
      <h2 id="part-request-title" className={styles.title}>
        Ask us to find this part
      </h2>
      <p className={styles.lead}>Tell us what you need. We search our yards and partners and reply by email, usually within one working day. No obligation to buy.</p>
      <Suspense fallback={<p className={styles.botNote}>Loading the form…</p>}>
        <PartRequestForm defaults={defaults} />
      </Suspense>
    </section>
  );
}
