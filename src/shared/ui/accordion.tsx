/** Accordion of the shop, on Radix Accordion (WAI-ARIA accordion pattern, headings + buttons). */
import * as AccordionPrimitive from '@radix-ui/react-accordion';
import type { ComponentPropsWithRef } from 'react';
import styles from './accordion.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...props }: ComponentPropsWithRef<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={join(styles.item, className)} {...props} />;
}

/** The item's heading and its toggle button; `headingLevel` keeps the page outline in order. */
export function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
  ...props
}: ComponentPropsWithRef<typeof AccordionPrimitive.Trigger> & { headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <AccordionPrimitive.Header asChild className={styles.header}>
      <Heading>
        <AccordionPrimitive.Trigger className={join(styles.trigger, className)} {...props}>
          {children}
          <span className={styles.chevron} aria-hidden="true" />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, ...props }: ComponentPropsWithRef<typeof AccordionPrimitive.Content>) {
  return <AccordionPrimitive.Content className={join(styles.content, className)} {...props} />;
}
