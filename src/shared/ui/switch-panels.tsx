/**
 * One set of panels shown as tabs (the WAI-ARIA tabs pattern: roving focus, arrow keys, Home,
 * End) or as an accordion (each panel a heading with an aria-expanded button), one open at a time.
 * The home search switches between the two at the desktop breakpoint (SPEC §2); one component for
 * both keeps the first screen's JavaScript small. Only the open panel's content is rendered; the
 * others are empty, hidden panels.
 */
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import accordion from './accordion.module.css';
import tabs from './tabs.module.css';

export interface SwitchPanel {
  id: string;
  label: string;
  content: () => ReactNode;
}

interface SwitchPanelsProps {
  panels: readonly SwitchPanel[];
  open: string;
  onOpen: (id: string) => void;
  mode: 'tabs' | 'accordion';
  /** Tabs: names the tab list. */
  label: string;
  /** Accordion: the heading level of each item. */
  headingLevel?: 2 | 3 | 4;
  className?: string | undefined;
}

export function SwitchPanels({ panels, open, onOpen, mode, label, headingLevel = 3, className }: SwitchPanelsProps) {
  const base = useId();
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;
  const asTabs = mode === 'tabs';
  const Heading = `h${headingLevel}` as const;

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = panels.findIndex((panel) => panel.id === open);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: panels.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = panels[(next + panels.length) % panels.length];
    if (!target) return;
    onOpen(target.id);
    document.getElementById(tabId(target.id))?.focus();
  };

  // Each panel's content sits at the same place in the tree in both modes (the item's wrapper, then
  // its panel element), so a switch of mode keeps the open panel's form and what was typed into it:
  // the server draws the accordion and a wide screen turns it into tabs right after hydration.
  return (
    <div className={className}>
      {asTabs ? (
        <div role="tablist" aria-label={label} className={tabs.list} onKeyDown={move}>
          {panels.map((panel) => {
            const selected = panel.id === open;
            return (
              <button
                key={panel.id}
                type="button"
                role="tab"
                id={tabId(panel.id)}
                className={tabs.trigger}
                aria-selected={selected}
                aria-controls={panelId(panel.id)}
                tabIndex={selected ? 0 : -1}
                data-state={selected ? 'active' : 'inactive'}
                onClick={() => onOpen(panel.id)}
              >
                {panel.label}
              </button>
            );
          })}
        </div>
      ) : null}
      {panels.map((panel) => {
        const expanded = panel.id === open;
        const state = expanded ? 'open' : 'closed';
        return (
          <div key={panel.id} className={asTabs ? undefined : accordion.item} data-state={asTabs ? undefined : state}>
            {asTabs ? null : (
              <Heading className={accordion.header}>
                <button
                  type="button"
                  id={tabId(panel.id)}
                  className={accordion.trigger}
                  aria-expanded={expanded}
                  aria-controls={panelId(panel.id)}
                  data-state={state}
                  // One panel always stays open: a click on the open one does nothing.
                  onClick={() => onOpen(panel.id)}
                >
                  {panel.label}
                  <span className={accordion.chevron} aria-hidden="true" />
                </button>
              </Heading>
            )}
            <div
              role={asTabs ? 'tabpanel' : 'region'}
              id={panelId(panel.id)}
              aria-labelledby={tabId(panel.id)}
              className={asTabs ? tabs.content : accordion.content}
              tabIndex={asTabs && expanded ? 0 : undefined}
              hidden={!expanded}
            >
              {expanded ? panel.content() : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
