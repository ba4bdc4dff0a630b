import type { ComponentPropsWithoutRef } from 'react';
import styles from './number-plate.module.css';

/** A registration shown as a UK number plate; `large` where it heads a dialog. */
export function NumberPlate({ large, ...props }: ComponentPropsWithoutRef<'p'> & { large?: boolean }) {
  return <p className={large ? `${styles.plate} ${styles.large}` : styles.plate} {...props} />;
}
