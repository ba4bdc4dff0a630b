import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PartType } from '../../../contract/part-types';
import { searchMode, type CategoriesSearch } from '../../../domain/search';
import { DESKTOP_QUERY } from '../../../shared/breakpoints';
import { usePartTypes } from '../../../shared/catalogue/get-part-types';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { SwitchPanels } from '../../../shared/ui/switch-panels';
import { RegistrationSearchForm } from './registration-search-form';
import styles from './search-panels.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

// The registration form opens first; the other two load after the first paint (see below), which
// keeps them out of the home page's first download (docs/performance.md).
const loadLaterForms = () => import('./later-search-forms');
const PartNumberSearchForm = lazyWhenOnline(() => loadLaterForms().then((module) => ({ default: module.PartNumberSearchForm })));
const MakeModelSearchForm = lazyWhenOnline(() => loadLaterForms().then((module) => ({ default: module.MakeModelSearchForm })));

type PanelId = 'registration' | 'part-number' | 'make-model';

const PANELS: { id: PanelId; label: string }[] = [
  { id: 'registration', label: 'Registration' },
  { id: 'part-number', label: 'Part number' },
  { id: 'make-model', label: 'Make & model' },
];

const isPanelId = (value: string): value is PanelId => PANELS.some((panel) => panel.id === value);

const PANEL_OF_MODE = { vrn: 'registration', oem: 'part-number', 'make-model': 'make-model' } as const;

interface SearchPanelsProps {
  /** The search being shown (results and listing pages): its form opens, filled in. */
  initial?: CategoriesSearch | undefined;
  /** Every form starts empty, the saved registration too (after SPEC §8's code 502). */
  cleared?: boolean;
  /** 'stacked' always uses the accordion (the narrow filter sidebar). */
  layout?: 'responsive' | 'stacked';
  title?: string;
  titleLevel?: 2 | 3;
  id?: string;
}

/**
 * The three searches of SPEC §2: tabs on desktop (over 991px), an accordion on narrower screens
 * and in the filter sidebar, one open at a time. Editing one form empties the other two (SPEC §4):
 * each form is keyed by a generation number that moves on when another form is edited.
 */
export function SearchPanels({ initial: given, cleared = false, layout = 'responsive', title = 'Find your part', titleLevel = 2, id = 'search' }: SearchPanelsProps) {
  const initial = cleared ? undefined : given;
  const partTypes = usePartTypes();
  const isDesktop = useMediaQuery(DESKTOP_QUERY) && layout === 'responsive';
  // The server draws the accordion; a wide screen turns it into tabs right after hydration, which
  // draws the forms anew. Until then the forms say they are not ready for input.
  const settled = useHydrated();
  const hasInitial = Boolean(initial && (initial.vrn || initial.oem || initial.make));
  const [open, setOpen] = useState<PanelId>(hasInitial && initial ? PANEL_OF_MODE[searchMode(initial)] : 'registration');
  const [generation, setGeneration] = useState<Record<PanelId, number>>({ registration: 0, 'part-number': 0, 'make-model': 0 });
  const owner = useRef<PanelId | null>(hasInitial && initial ? PANEL_OF_MODE[searchMode(initial)] : null);

  const edited = useCallback((panel: PanelId) => {
    if (owner.current === panel) return;
    owner.current = panel;
    setGeneration((current) => ({
      registration: panel === 'registration' ? current.registration : current.registration + 1,
      'part-number': panel === 'part-number' ? current['part-number'] : current['part-number'] + 1,
      'make-model': panel === 'make-model' ? current['make-model'] : current['make-model'] + 1,
    }));
  }, []);

  // Fetch the other two forms once the page is idle, so switching to them is instant (and works
  // offline, from the service worker's cache).
  useEffect(() => {
    const load = () => void loadLaterForms();
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(load, 1500);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(load, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);

  const choose = (value: string) => {
    if (isPanelId(value)) setOpen(value);
  };

  // A form shows the search's values only until it is first reset.
  const render = (panel: PanelId, types: PartType[]): ReactNode => {
    const fresh = generation[panel] === 0 && !cleared;
    const key = `${panel}-${generation[panel]}`;
    const mode = initial && hasInitial ? searchMode(initial) : null;
    if (panel === 'registration') {
      return <RegistrationSearchForm key={key} partTypes={types} initial={fresh && mode === 'vrn' ? initial : fresh ? undefined : { vrn: '' }} onEdit={() => edited('registration')} />;
    }
    return (
      <Suspense fallback={<p className={styles.loading}>Loading the form…</p>}>
        {panel === 'part-number' ? (
          <PartNumberSearchForm key={key} partTypes={types} initial={fresh && mode === 'oem' ? initial?.oem : undefined} onEdit={() => edited('part-number')} />
        ) : (
          <MakeModelSearchForm key={key} partTypes={types} initial={fresh && mode === 'make-model' ? initial : undefined} onEdit={() => edited('make-model')} />
        )}
      </Suspense>
    );
  };

  const Heading = `h${titleLevel}` as const;
  return (
    <section id={id} className={layout === 'stacked' ? styles.stacked : styles.card} aria-labelledby={`${id}-title`} aria-disabled={settled ? undefined : true}>
      <Heading id={`${id}-title`} className={styles.title}>
        {title}
      </Heading>
      <SwitchPanels
        panels={PANELS.map((panel) => ({ ...panel, content: () => render(panel.id, partTypes) }))}
        open={open}
        onOpen={choose}
        mode={isDesktop ? 'tabs' : 'accordion'}
        label="Search by"
        headingLevel={titleLevel === 2 ? 3 : 4}
        className={isDesktop ? styles.tabs : undefined}
      />
    </section>
  );
}
