/**
 * The Cookies page's settings (issue 32): the visitor's current choice, changed at any time. A
 * change takes effect at once (analytics starts, or stops and its cookies are removed) and is kept
 * for a year like the banner's.
 */
import { useId, useState } from 'react';
import { choiceSummary } from '../../domain/analytics-consent';
import type { ConsentChoice } from '../../domain/consent';
import { useAppProps } from '../app-props';
import { Button } from '../ui/button';
import { saveConsentChoice, useConsentChoice } from './consent-store';
import kit from '../styles/kit.module.css';
import styles from './consent.module.css';

const CATEGORIES = [
  { name: 'analytics', legend: 'Analytics cookies (Google Analytics)', hint: 'They tell us which pages and parts people look at, so we can improve the shop.' },
  { name: 'marketing', legend: 'Advertising measurement', hint: 'It tells Google whether our adverts lead to orders.' },
] as const;

export function CookieSettings() {
  const measurementId = useAppProps().ga4MeasurementId;
  const choice = useConsentChoice();
  const [saved, setSaved] = useState<string>('');
  const id = useId();

  if (!measurementId) {
    return (
      <section className={styles.settings} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Your cookie settings</h2>
        <p>The shop sets no analytics cookies at the moment: only the essential ones that keep you signed in, keep your cart and protect your forms.</p>
      </section>
    );
  }
  return (
    <section className={styles.settings} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your cookie settings</h2>
      <p>{choice ? choiceSummary(choice) : 'You have not chosen yet: no analytics cookies are set.'}</p>
      <form
        className={styles.form}
        // The saved choice is the form's starting point; a new one draws it afresh.
        key={choice ? `${choice.analytics}-${choice.marketing}` : 'none'}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const made: ConsentChoice = { analytics: data.get('analytics') === 'yes', marketing: data.get('marketing') === 'yes' };
          saveConsentChoice(made);
          setSaved(`Your cookie settings were saved. ${choiceSummary(made)}`);
        }}
      >
        {CATEGORIES.map((category) => (
          <fieldset key={category.name} className={styles.choices} aria-describedby={`${id}-${category.name}-hint`}>
            <legend>{category.legend}</legend>
            <p id={`${id}-${category.name}-hint`} className={styles.text}>
              {category.hint}
            </p>
            <label className={kit.option}>
              <input type="radio" name={category.name} value="yes" defaultChecked={choice?.[category.name] === true} />
              Use them
            </label>
            <label className={kit.option}>
              <input type="radio" name={category.name} value="no" defaultChecked={choice?.[category.name] !== true} />
              Do not use them
            </label>
          </fieldset>
        ))}
        <div className={styles.actions}>
          <Button type="submit">Save cookie settings</Button>
        </div>
        <p role="status" className={styles.text}>
          {saved}
        </p>
      </form>
    </section>
  );
}
