/**
 * /warranty/{number}: the public confirmation of a warranty certificate, the page its QR code
 * opens (issue 32). It says the certificate exists, what part it covers and until when, and
 * whether it still runs; nothing about the order or the buyer, since anyone holding the paper
 * (a garage, a later owner of the vehicle) may open it.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { formatLongDate } from '../../../domain/dates';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { certificateQueryOptions } from '../api/certificates';
import styles from './certificate-page.module.css';

export function CertificatePage({ number }: { number: string }) {
  const { data: certificate } = useSuspenseQuery(certificateQueryOptions(number));
  useDocumentTitle(`Warranty certificate ${certificate.number}`);
  const until = formatLongDate(new Date(certificate.valid_until));
  return (
    <div className={styles.page}>
      <Breadcrumbs crumbs={[{ label: 'Warranty certificate' }]} />
      <section className={certificate.in_warranty ? styles.hero : styles.heroEnded} aria-labelledby="certificate-title">
        <span className={styles.tick} aria-hidden="true">
          {certificate.in_warranty ? '✓' : '!'}
        </span>
        <h1 id="certificate-title" className={styles.title}>
          Warranty certificate {certificate.number}
        </h1>
        <p className={styles.status}>
          {certificate.in_warranty ? `This certificate is genuine and valid until ${until}.` : `This certificate is genuine; its warranty ended on ${until}.`}
        </p>
        <dl className={styles.facts}>
          <dt>Certificate number</dt>
          <dd>{certificate.number}</dd>
          <dt>Part</dt>
          <dd>{certificate.part_name}</dd>
          <dt>Part number</dt>
          <dd>{certificate.part_number || '—'}</dd>
          <dt>Stock number</dt>
          <dd>{certificate.stock_number || '—'}</dd>
          <dt>Grade</dt>
          <dd>{certificate.grade || '—'}</dd>
          <dt>Warranty</dt>
          <dd>{certificate.warranty_name}</dd>
          <dt>Valid from</dt>
          <dd>{formatLongDate(new Date(certificate.valid_from))}</dd>
          <dt>Valid until</dt>
          <dd>{until}</dd>
        </dl>
        <p className={styles.note}>To claim under this warranty, the buyer contacts us with this certificate number.</p>
      </section>
    </div>
  );
}
