import { useState, type ReactNode } from 'react';
import type { PartType } from '../../../contract/part-types';
import { DESKTOP_QUERY } from '../../../shared/breakpoints';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../shared/ui/accordion';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';
import { usePartTypes } from '../api/get-part-types';
import { MakeModelSearchForm } from './make-model-search-form';
import { PartNumberSearchForm } from './part-number-search-form';
import { RegistrationSearchForm } from './registration-search-form';
import styles from './search-panels.module.css';

type PanelId = 'registration' | 'part-number' | 'make-model';

const panels: { id: PanelId; label: string; render: (partTypes: PartType[]) => ReactNode }[] = [
  { id: 'registration', label: 'Registration', render: (partTypes) => <RegistrationSearchForm partTypes={partTypes} /> },
  { id: 'part-number', label: 'Part number', render: () => <PartNumberSearchForm /> },
  { id: 'make-model', label: 'Make & model', render: (partTypes) => <MakeModelSearchForm partTypes={partTypes} /> },
];

const isPanelId = (value: string): value is PanelId => panels.some((panel) => panel.id === value);

/**
 * The home search (SPEC §2): three searches as tabs on desktop (over 991px) and as an accordion
 * on narrower screens, one open at a time. The open panel survives a rotation across the breakpoint.
 */
export function SearchPanels() {
  const partTypes = usePartTypes();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState<PanelId>('registration');
  const choose = (value: string) => {
    if (isPanelId(value)) setOpen(value);
  };

  return (
    <section id="search" className={styles.card} aria-labelledby="search-title">
      <h2 id="search-title" className={styles.title}>
        Find your part
      </h2>
      {isDesktop ? (
        <Tabs value={open} onValueChange={choose} className={styles.tabs}>
          <TabsList aria-label="Search by">
            {panels.map((panel) => (
              <TabsTrigger key={panel.id} value={panel.id}>
                {panel.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {panels.map((panel) => (
            <TabsContent key={panel.id} value={panel.id}>
              {panel.render(partTypes)}
            </TabsContent>
          ))}
        </Tabs>
      ) : (
        // One panel always stays open: `choose` ignores the empty value a click on the open
        // panel sends. (collapsible={false} would do the same but marks the open button
        // aria-disabled, which reads as a dead control and blocks re-clicking it.)
        <Accordion type="single" collapsible value={open} onValueChange={choose}>
          {panels.map((panel) => (
            <AccordionItem key={panel.id} value={panel.id}>
              <AccordionTrigger headingLevel={3}>{panel.label}</AccordionTrigger>
              <AccordionContent>{panel.render(partTypes)}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      )}
    </section>
  );
}
