/** Menu on Radix DropdownMenu (menu button pattern): used by the sort control and the share menu. */
import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentPropsWithRef } from 'react';
import styles from './dropdown-menu.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

export function DropdownMenuContent({ className, sideOffset = 6, align = 'end', ...props }: ComponentPropsWithRef<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content sideOffset={sideOffset} align={align} collisionPadding={12} className={join(styles.content, className)} {...props} />
    </MenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentPropsWithRef<typeof MenuPrimitive.Item>) {
  return <MenuPrimitive.Item className={join(styles.item, className)} {...props} />;
}

export function DropdownMenuRadioItem({ className, children, ...props }: ComponentPropsWithRef<typeof MenuPrimitive.RadioItem>) {
  return (
    <MenuPrimitive.RadioItem className={join(styles.item, className)} {...props}>
      <MenuPrimitive.ItemIndicator className={styles.indicator} aria-hidden="true">
        ✓
      </MenuPrimitive.ItemIndicator>
      {children}
    </MenuPrimitive.RadioItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithRef<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={join(styles.label, className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentPropsWithRef<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={join(styles.separator, className)} {...props} />;
}
