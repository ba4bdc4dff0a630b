/**
 * The cookie consent of every page (issue 32), the part in the first download: it reads the
 * visitor's choice, shows the banner (its own chunk) while there is something to agree to and no
 * choice yet, and applies the choice to analytics; Google's tag and the code that loads it are
 * fetched only with a choice made. A shop without GA4_MEASUREMENT_ID draws and loads nothing.
 */
import { Suspense, useEffect, useState } from 'react';
import { shouldAskForConsent } from '../../domain/consent';
import { useAppProps } from '../app-props';
import { lazyWhenOnline } from '../lazy-when-online';
import { useConsentChoice } from './consent-store';

const ConsentBanner = lazyWhenOnline(() => import('./consent-banner'));

export function ConsentHost() {
  const measurementId = useAppProps().ga4MeasurementId;
  const choice = useConsentChoice();
  const ask = shouldAskForConsent(measurementId, choice);
  // Shown from a first visit until hidden, so it can say what was chosen after the choice.
  const [shown, setShown] = useState(ask);
  if (ask && !shown) setShown(true);

  useEffect(() => {
    if (!measurementId || !choice) return;
    void import('./gtag').then((gtag) => gtag.applyAnalyticsConsent(measurementId, choice));
  }, [measurementId, choice]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner onHide={() => setShown(false)} />
    </Suspense>
  );
}
