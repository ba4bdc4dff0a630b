import type { ComponentPropsWithRef } from 'react';
import { useHydrated } from '../hooks/use-hydrated';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'quiet';

/** Class names of the shop's button look, for links and Radix triggers that must look the same. */
export function buttonClassName(variant: ButtonVariant = 'primary', options: { block?: boolean; className?: string | undefined } = {}): string {
  return [styles.button, styles[variant], options.block ? styles.block : '', options.className ?? ''].filter(Boolean).join(' ');
}

type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: ButtonVariant; block?: boolean };

export function Button({ variant = 'primary', block = false, className, type = 'button', disabled, ...props }: ButtonProps) {
  // Every form of the shop is sent by its script. Tapped in the server's markup before the page
  // has hydrated, a submit button would send the form the browser's way instead: a GET of the
  // same page with the fields in its address, a password among them, and the tap lost. So it
  // stays disabled until then (use-hydrated.ts), as the shop's other script-only controls do.
  const hydrated = useHydrated();
  return <button type={type} disabled={disabled || (type === 'submit' && !hydrated)} className={buttonClassName(variant, { block, className })} {...props} />;
}
