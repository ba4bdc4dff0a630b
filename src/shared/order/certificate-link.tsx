/**
 * The warranty certificate's download link of a paid order line (issue 32), on the order-paid page
 * and the account's order: a plain link to the PDF, fetched with the visitor's cookies (the API
 * checks the order is theirs) and saved under the name the API gives it.
 */
import { API_BASE } from '../../contract/http';
import { warrantyCertificatePdfPath } from '../../contract/warranty';
import styles from './certificate-link.module.css';

export function CertificateLink({ hash, line }: { hash: string; line: { id: number; name: string } }) {
  return (
    <a className={styles.link} href={API_BASE + warrantyCertificatePdfPath(hash, line.id)} download aria-label={`Warranty certificate for ${line.name} (PDF)`}>
      Warranty certificate (PDF)
    </a>
  );
}
