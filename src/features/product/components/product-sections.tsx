/**
 * The product pages' sections (SPEC §2): tabs on screens over 991 px, accordions below. A click on
 * a tab — or a link elsewhere on the page that opens a section — scrolls the page after 400 ms so
 * the section starts 5 px under the sticky header (SPEC §9). On a phone several accordion items
 * may be open at once.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { TAB_SCROLL_DELAY_MS, tabScrollTop } from '../../../domain/product-page';
import { DESKTOP_QUERY } from '../../../shared/breakpoints';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../shared/ui/accordion';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';
import styles from './product-sections.module.css';

export interface ProductSection {
  id: string;
  label: string;
  content: ReactNode;
}

/** The height of the sticky site header (the page's first <header>), 0 when there is none. */
function headerHeight(): number {
  return document.querySelector('header')?.getBoundingClientRect().height ?? 0;
}

function scrollToSection(element: Element | null) {
  if (!element) return;
  const top = tabScrollTop(element.getBoundingClientRect().top + window.scrollY, headerHeight());
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' });
}

export interface SectionsState {
  desktop: boolean;
  tab: string;
  expanded: string[];
  setTab: (id: string) => void;
  setExpanded: (ids: string[]) => void;
  /** Opens a section (the tab, or the accordion item) and scrolls to it after 400 ms. */
  reveal: (id: string) => void;
  /** Scrolls to the open section after 400 ms (a tab click). */
  scrollSoon: (id: string) => void;
  rootRef: React.RefObject<HTMLDivElement | null>;
}

export function useSections(first: string): SectionsState {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [tab, setTab] = useState(first);
  const [expanded, setExpanded] = useState<string[]>([first]);
  const rootRef = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const scrollSoon = useCallback(
    (id: string) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        const root = rootRef.current;
        // Tabs: the tab list; accordions: the item itself.
        scrollToSection(desktop ? root : (root?.querySelector(`[data-section="${id}"]`) ?? root));
      }, TAB_SCROLL_DELAY_MS);
    },
    [desktop],
  );

  const reveal = useCallback(
    (id: string) => {
      if (desktop) setTab(id);
      else setExpanded((open) => (open.includes(id) ? open : [...open, id]));
      scrollSoon(id);
    },
    [desktop, scrollSoon],
  );

  return { desktop, tab, expanded, setTab, setExpanded, reveal, scrollSoon, rootRef };
}

interface ProductSectionsProps {
  sections: readonly ProductSection[];
  state: SectionsState;
  /** Names the tab list (and the region around the accordions). */
  label: string;
  id?: string;
}

export function ProductSections({ sections, state, label, id }: ProductSectionsProps) {
  const { desktop, tab, expanded, setTab, setExpanded, scrollSoon, rootRef } = state;
  // The server draws the accordions; a wide screen turns them into tabs right after hydration,
  // which draws the sections' fields anew. Until then they say they are not ready for input.
  const settled = useHydrated();
  const unsettled = settled ? undefined : true;
  if (desktop) {
    const current = sections.some((section) => section.id === tab) ? tab : sections[0]?.id;
    return (
      <div ref={rootRef} id={id} className={styles.root} aria-disabled={unsettled}>
        <Tabs value={current} onValueChange={setTab}>
          <TabsList aria-label={label} className={styles.list}>
            {sections.map((section) => (
              <TabsTrigger key={section.id} value={section.id} className={styles.trigger} onClick={() => scrollSoon(section.id)}>
                {section.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {sections.map((section) => (
            <TabsContent key={section.id} value={section.id} className={styles.panel}>
              {/* The tab names the panel for sight; the heading keeps the page outline (h1, h2, h3) whole. */}
              <h2 className="visually-hidden">{section.label}</h2>
              {section.content}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    );
  }
  return (
    <section ref={rootRef} id={id} aria-label={label} className={styles.root} aria-disabled={unsettled}>
      <Accordion value={expanded} onValueChange={setExpanded} className={styles.accordion}>
        {sections.map((section) => (
          <AccordionItem key={section.id} value={section.id} data-section={section.id}>
            <AccordionTrigger headingLevel={2}>{section.label}</AccordionTrigger>
            <AccordionContent className={styles.accordionPanel}>{section.content}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
