/**
 * Accordion of the shop (the WAI-ARIA accordion pattern: each item a heading holding a button with
 * aria-expanded, its panel a region named by that button). Several items may be open at once.
 * Only open panels are rendered. Written out rather than taken from a component library: the
 * library's version measured every panel in layout effects while the page hydrated, which made
 * a phone's product page stall for a noticeable moment after it appeared.
 */
import { createContext, useContext, useId, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import styles from './accordion.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

interface AccordionState {
  isOpen: (value: string) => boolean;
  toggle: (value: string) => void;
  idOf: (value: string, part: 'trigger' | 'panel') => string;
}

interface ItemState {
  value: string;
  open: boolean;
}

const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<ItemState | null>(null);

function useAccordion(): AccordionState {
  const state = useContext(AccordionContext);
  if (!state) throw new Error('Accordion parts belong inside <Accordion>');
  return state;
}

function useItem(): ItemState {
  const item = useContext(ItemContext);
  if (!item) throw new Error('AccordionTrigger and AccordionContent belong inside <AccordionItem>');
  return item;
}

interface AccordionProps {
  /** The open items, when the owner keeps them (with onValueChange). */
  value?: string[];
  /** The items open at first, when the accordion keeps its own state. */
  defaultValue?: string[];
  onValueChange?: (value: string[]) => void;
  className?: string | undefined;
  children: ReactNode;
}

export function Accordion({ value, defaultValue = [], onValueChange, className, children }: AccordionProps) {
  const [own, setOwn] = useState(defaultValue);
  const open = value ?? own;
  const base = useId();
  const state: AccordionState = {
    isOpen: (item) => open.includes(item),
    toggle: (item) => {
      const next = open.includes(item) ? open.filter((other) => other !== item) : [...open, item];
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    // An item's value may hold spaces or punctuation; an id may not.
    idOf: (item, part) => `${base}-${part}-${encodeURIComponent(item).replace(/%/g, '_')}`,
  };
  return (
    <div className={className}>
      <AccordionContext.Provider value={state}>{children}</AccordionContext.Provider>
    </div>
  );
}

export function AccordionItem({ value, className, ...props }: ComponentPropsWithoutRef<'div'> & { value: string }) {
  const open = useAccordion().isOpen(value);
  return (
    <ItemContext.Provider value={{ value, open }}>
      <div className={join(styles.item, className)} data-state={open ? 'open' : 'closed'} {...props} />
    </ItemContext.Provider>
  );
}

/** The item's heading and its toggle button; `headingLevel` keeps the page outline in order. */
export function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
  ...props
}: Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'onClick'> & { headingLevel?: 2 | 3 | 4 }) {
  const accordion = useAccordion();
  const { value, open } = useItem();
  const Heading = `h${headingLevel}` as const;
  return (
    <Heading className={styles.header}>
      <button
        type="button"
        id={accordion.idOf(value, 'trigger')}
        className={join(styles.trigger, className)}
        aria-expanded={open}
        aria-controls={accordion.idOf(value, 'panel')}
        data-state={open ? 'open' : 'closed'}
        onClick={() => accordion.toggle(value)}
        {...props}
      >
        {children}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
    </Heading>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentPropsWithoutRef<'div'>) {
  const accordion = useAccordion();
  const { value, open } = useItem();
  return (
    <div
      role="region"
      id={accordion.idOf(value, 'panel')}
      aria-labelledby={accordion.idOf(value, 'trigger')}
      className={join(styles.content, className)}
      data-state={open ? 'open' : 'closed'}
      hidden={!open}
      {...props}
    >
      {open ? children : null}
    </div>
  );
}
