import { t } from '../../../domain/messages';
import type { SearchProblem } from '../../../domain/search';
import styles from './search-form.module.css';

/**
 * The info messages of SPEC §5 (filters.vrn_put_vrn, filters.vrn_oem…) under a search form.
 * Warnings show under their field instead. The live region is always in the page, so a message
 * that appears in it is announced.
 */
export function FormNotice({ problem, fallback }: { problem: SearchProblem | null; fallback?: string | undefined }) {
  const text = problem?.level === 'info' ? t(problem.key) : problem ? fallback : undefined;
  return (
    <p className={text ? styles.notice : styles.noticeEmpty} role="status">
      {text}
    </p>
  );
}
