import type { BadgeTone } from '../../ui';

/** A part's status in the words the yard uses, with its badge's tone. */
export const PART_STATUS: Record<'available' | 'reserved' | 'sold' | 'coming_soon', { label: string; tone: BadgeTone }> = {
  available: { label: 'On sale', tone: 'success' },
  reserved: { label: 'Held by an unpaid order', tone: 'warning' },
  sold: { label: 'Sold', tone: 'neutral' },
  coming_soon: { label: 'Withdrawn (coming soon)', tone: 'info' },
};
