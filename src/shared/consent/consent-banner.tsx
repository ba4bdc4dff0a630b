/**
 * The cookie banner (issue 32, UK PECR): on a first visit to a shop that measures, it asks before
 * any analytics cookie is set: Accept, Reject, or Choose (analytics and advertising measurement
 * apart). A region with its own heading in the page's flow (no dialog, no focus trap); after a
 * choice it says what was chosen, where to change it, and takes focus so screen readers hear it.
 * Shown by the consent host (consent-host.tsx), which applies the choice to analytics.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ACCEPT_ALL, choiceSummary, COOKIES_PAGE, REJECT_ALL } from '../../domain/analytics-consent';
import { shouldAskForConsent, type ConsentChoice } from '../../domain/consent';
import { useAppProps } from '../app-props';
import { useHydrated } from '../hooks/use-hydrated';
import { Button } from '../ui/button';
import { saveConsentChoice, useConsentChoice } from './consent-store';
import kit from '../styles/kit.module.css';
import styles from './consent.module.css';

export default function ConsentBanner({ onHide }: { onHide: () => void }) {
  const measurementId = useAppProps().ga4MeasurementId;
  const choice = useConsentChoice();
  const [choosing, setChoosing] = useState(false);
  const [saved, setSaved] = useState<ConsentChoice | null>(null);
  // The server draws the banner; until React has taken it over a tap would be lost.
  const hydrated = useHydrated();

  if (saved) return <ChoiceSaved choice={saved} onHide={onHide} />;
  if (!shouldAskForConsent(measurementId, choice)) return null;

  const choose = (made: ConsentChoice) => {
    saveConsentChoice(made);
    setSaved(made);
  };
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title">
      <div className={styles.inner}>
        <h2 id="cookie-banner-title" className={styles.title}>
          Cookies on PartsFinder UK
        </h2>
        <p className={styles.text}>
          With your permission we use Google Analytics cookies to see how the shop is used, so we can improve it. None is set unless you accept. <a href={COOKIES_PAGE}>How we use cookies</a>
        </p>
        {choosing ? (
          <ChooseForm onSave={choose} />
        ) : (
          <div className={styles.actions}>
            <Button disabled={!hydrated} onClick={() => choose(ACCEPT_ALL)}>Accept analytics cookies</Button>
            <Button disabled={!hydrated} onClick={() => choose(REJECT_ALL)}>Reject analytics cookies</Button>
            <Button variant="secondary" disabled={!hydrated} onClick={() => setChoosing(true)}>
              Choose cookies
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

/** Analytics and advertising measurement, each on its own; both off until ticked. */
function ChooseForm({ onSave }: { onSave: (choice: ConsentChoice) => void }) {
  const id = useId();
  const analyticsRef = useRef<HTMLInputElement>(null);
  useEffect(() => analyticsRef.current?.focus(), []);
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        onSave({ analytics: data.has('analytics'), marketing: data.has('marketing') });
      }}
    >
      <fieldset className={styles.choices}>
        <legend>Choose which cookies we may use</legend>
        <label className={kit.option} htmlFor={`${id}-analytics`}>
          <input ref={analyticsRef} id={`${id}-analytics`} type="checkbox" name="analytics" />
          Analytics: how the shop is used (Google Analytics)
        </label>
        <label className={kit.option} htmlFor={`${id}-marketing`}>
          <input id={`${id}-marketing`} type="checkbox" name="marketing" />
          Advertising measurement: whether our adverts lead to orders
        </label>
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit">Save my choices</Button>
      </div>
    </form>
  );
}

/** What was chosen and where to change it; focused, so a screen reader reads it at once. */
function ChoiceSaved({ choice, onHide }: { choice: ConsentChoice; onHide: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title">
      <div ref={ref} tabIndex={-1} className={`${styles.inner} ${styles.message}`}>
        <h2 id="cookie-banner-title" className={styles.title}>
          Cookies on PartsFinder UK
        </h2>
        <p className={styles.text}>
          {choiceSummary(choice)} You can <a href={COOKIES_PAGE}>change your cookie settings</a> at any time.
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onHide}>
            Hide this message
          </Button>
        </div>
      </div>
    </section>
  );
}
