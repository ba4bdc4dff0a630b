import type { ComponentPropsWithRef } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'quiet';

/** Class names of the shop's button look, for links and Radix triggers that must look the same. */
export function buttonClassName(variant: ButtonVariant = 'primary', options: { block?: boolean; className?: string | undefined } = {}): string {
  return [styles.button, styles[variant], options.block ? styles.block : '', options.className ?? ''].filter(Boolean).join(' ');
}

type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: ButtonVariant; block?: boolean };

export function Button({ variant = 'primary', block = false, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, { block, className })} {...props} />;
}
