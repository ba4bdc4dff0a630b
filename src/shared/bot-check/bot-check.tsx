/**
 * The bot check of the part request form (SPEC §7) and of a queued part request (the outbox),
 * loaded only where one shows. The server
 * says which widget to use: ALTCHA (self-hosted proof of work, solved in a web worker on this
 * device) by default. Its answer is handed to the form, which sends it as `cf-token`.
 *
 * The 'external' build of the widget is used with its worker as a separate same-origin file and
 * its stylesheet imported, so the shop's Content-Security-Policy needs no blob: workers or inline
 * scripts.
 */
import 'altcha/altcha.css';
import 'altcha/external';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import type { AltchaChallenge } from '../../contract/bot-check';
import { useBotCheckChallenge } from './challenge';
import styles from './bot-check.module.css';

type AltchaElement = HTMLElementTagNameMap['altcha-widget'];

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  $altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}

interface BotCheckProps {
  /** Moves on when a fresh check is needed. */
  round: number | string;
  onToken: (token: string) => void;
  /**
   * When the proof of work starts: 'onfocus' once a field of the form is being filled in (the
   * form), 'onload' at once (the outbox's list, where solving it is all there is left to do).
   */
  auto?: 'onfocus' | 'onload';
}

function AltchaWidget({ challenge, onToken, auto }: { challenge: AltchaChallenge; onToken: (token: string) => void; auto: 'onfocus' | 'onload' }) {
  const ref = useRef<AltchaElement>(null);
  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onToken(state === 'verified' && payload ? payload : '');
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [onToken]);
  // The challenge goes in as JSON, which the widget reads instead of fetching one; 'onfocus'
  // starts the proof of work as soon as the form is being filled in, so it is usually done by
  // the time Send is pressed.
  return <altcha-widget ref={ref} challenge={JSON.stringify(challenge)} name="altcha" auto={auto} language="en" />;
}

export default function BotCheck({ round, onToken, auto = 'onfocus' }: BotCheckProps) {
  const challenge = useBotCheckChallenge(round);
  if (challenge.isPending) {
    return (
      <p className={styles.note} role="status">
        Loading the security check…
      </p>
    );
  }
  if (challenge.isError) {
    return (
      <p className={styles.error} role="alert">
        The security check could not load. Check your connection and{' '}
        <button type="button" className={styles.linkButton} onClick={() => void challenge.refetch()}>
          try again
        </button>
        .
      </p>
    );
  }
  if (challenge.data.provider === 'altcha') return <AltchaWidget key={round} challenge={challenge.data.challenge} onToken={onToken} auto={auto} />;
  // Turnstile is chosen only when the shop has its keys; its script is not allowed by this build's CSP.
  return (
    <p className={styles.error} role="alert">
      The security check is not available here. Please call us instead.
    </p>
  );
}
