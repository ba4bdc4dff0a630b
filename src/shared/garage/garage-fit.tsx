/**
 * Fit badges (issue 17): with a signed-in member whose garage has a current vehicle, each part a
 * screen shows says whether it fits that vehicle. A screen wraps what it shows in one
 * <GarageFitScope tags={…}>, which asks GET /garage/compatibility.json once for those Tags; each
 * <GarageFitBadge tag> inside reads its part's level from it. Visitors send no request and see
 * nothing; a member without a current vehicle gets no levels (the server answers 100) and sees
 * nothing either. The call runs after hydration, so the server's page (kept and shared by every
 * visitor) never carries a member's garage.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CompatibilityLevel } from '../../contract/catalogue';
import { garageFit, vehicleName } from '../../domain/garage-fit';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import { isSignedInMember, useAppProps } from '../app-props';
import { useHydrated } from '../hooks/use-hydrated';
import { fitTags, garageFitQueryOptions } from './garage-queries';
import styles from './garage-fit.module.css';

interface Fits {
  vehicle: string;
  levels: ReadonlyMap<string, CompatibilityLevel>;
}

const FitContext = createContext<Fits | null>(null);

export function GarageFitScope({ tags, children }: { tags: readonly string[]; children: ReactNode }) {
  const hydrated = useHydrated();
  const signedIn = isSignedInMember(useAppProps());
  const asked = useMemo(() => fitTags(tags), [tags]);
  const query = useQuery({
    ...garageFitQueryOptions(asked),
    enabled: hydrated && signedIn && asked.length > 0,
    // More cards loading keeps the badges already shown until the new answer arrives.
    placeholderData: keepPreviousData,
  });
  const answer = query.data;
  const fits = useMemo<Fits | null>(() => {
    if (!signedIn || !answer?.vehicle) return null;
    return { vehicle: vehicleName(answer.vehicle), levels: new Map(answer.levels.map((each) => [each.tag, each.CompatabilityLevel])) };
  }, [answer, signedIn]);
  return <FitContext.Provider value={fits}>{children}</FitContext.Provider>;
}

/** The badge of one part; nothing outside a scope, for a visitor, or without a current vehicle. */
export function GarageFitBadge({ tag, className }: { tag: string; className?: string | undefined }) {
  const fits = useContext(FitContext);
  const fit = garageFit(fits?.levels.get(tag));
  if (!fits || !fit) return null;
  return (
    <p className={[styles.fit, styles[fit.className], className].filter(Boolean).join(' ')} data-fit={fit.className}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className={styles.icon}>
        <path d="M2 10.5 3.2 7h9.6l1.2 3.5V13h-1.5v-1.2H3.5V13H2zM4.2 5.5 5 3h6l.8 2.5z" />
      </svg>
      {t(fit.labelKey, { vehicle: fits.vehicle })}
    </p>
  );
}
