/** Popover on Radix Popover (e.g. the RRP explanation): non-modal, closes on Escape or outside click. */
import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentPropsWithRef } from 'react';
import styles from './popover.module.css';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

export function PopoverContent({ className, children, sideOffset = 6, ...props }: ComponentPropsWithRef<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content sideOffset={sideOffset} collisionPadding={12} className={[styles.content, className].filter(Boolean).join(' ')} {...props}>
        {children}
        <PopoverPrimitive.Arrow className={styles.arrow} />
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Portal>
  );
}
