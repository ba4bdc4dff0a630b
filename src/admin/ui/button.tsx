import type { ComponentPropsWithRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';

/** The back office's button look, also for links that act as buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', small = false): string {
  return ['bo-button', `bo-button--${variant}`, small ? 'bo-button--small' : ''].filter(Boolean).join(' ');
}

type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  small?: boolean;
  /** While the action runs: the button says so and cannot be pressed again. */
  busy?: boolean;
};

export function Button({ variant = 'primary', small = false, busy = false, className, type = 'button', disabled, children, ...props }: ButtonProps) {
  return (
    <button type={type} className={[buttonClass(variant, small), className].filter(Boolean).join(' ')} disabled={disabled || busy} aria-busy={busy || undefined} {...props}>
      {children}
    </button>
  );
}
