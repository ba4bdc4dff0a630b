// The share button's look, shared by the button and the menu that replaces it once loaded.
import { buttonClassName } from '../../../shared/ui/button';
import styles from './part-page.module.css';

export function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}

export const shareTriggerClassName = buttonClassName('quiet', { className: styles.share });
