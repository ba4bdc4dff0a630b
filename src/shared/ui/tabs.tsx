/** Tabs of the shop, on Radix Tabs (WAI-ARIA tabs pattern with arrow-key navigation). */
import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentPropsWithRef } from 'react';
import styles from './tabs.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentPropsWithRef<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={join(styles.list, className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentPropsWithRef<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={join(styles.trigger, className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentPropsWithRef<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={join(styles.content, className)} {...props} />;
}
