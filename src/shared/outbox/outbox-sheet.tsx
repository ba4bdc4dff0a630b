/**
 * The list of requests waiting in the outbox, each with what it waits for and a Cancel button:
 * a shop part request asks for its bot check here (with signal), one refused by the server shows
 * the fields it named for correcting and sending again, a failed one its reason and Try again,
 * one waiting for sign-in a Sign in button.
 */
import { Suspense, useCallback, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { OutboxItem } from '../../domain/outbox';
import { useOnlineStatus } from '../hooks/use-online-status';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Sheet, SheetContent } from '../ui/sheet';
import { cancelOutboxItem, resendOutboxItem, signInToSend, solveOutboxBotCheck } from './bridge';
import styles from './outbox.module.css';
import { closeOutbox, useOutboxView } from './outbox-state';
import { lazyWhenOnline } from '../lazy-when-online';

const BotCheck = lazyWhenOnline(() => import('../bot-check/bot-check'));

const made = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

/** The names the forms give their fields, for correcting one here. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Your name',
  email: 'Email',
  email_address: 'Email',
  car_reg: 'Vehicle registration',
  phone: 'Phone',
  phone_number: 'Phone',
  first_name: 'First name',
  last_name: 'Last name',
  message: 'Your question',
  part_name_manually: "Part's name",
};

function stateText(item: OutboxItem, sending: boolean, online: boolean): string {
  if (sending) return 'Sending…';
  switch (item.state) {
    case 'queued':
      return online ? (item.reason ? `Will be tried again: ${item.reason}` : 'Waiting to be sent') : 'Waiting for signal';
    case 'needs-bot-check':
      return online ? 'Needs a security check' : 'Needs a security check when you have signal';
    case 'needs-sign-in':
      return 'Sign in to send it';
    case 'needs-attention':
      return `Needs attention: ${item.reason ?? 'please check the fields below'}`;
    case 'failed':
      return `Not sent: ${item.reason ?? 'the shop refused it'}`;
    case 'sent':
      return 'Sent';
  }
}

const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : 'The outbox could not do that.');

function Correction({ item }: { item: OutboxItem }) {
  const editable = Object.keys(item.errors ?? {}).filter((field) => typeof item.body[field] === 'string');
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(editable.map((field) => [field, String(item.body[field])])));
  const other = Object.entries(item.errors ?? {}).filter(([field]) => !editable.includes(field));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void resendOutboxItem(item.id, values).catch(failed);
  };
  return (
    <form className={styles.correction} onSubmit={submit} noValidate aria-label={`Correct ${item.label}`}>
      {editable.map((field) => (
        <Field key={field} label={FIELD_LABELS[field] ?? field} error={item.errors?.[field]?.[0]}>
          {(control) => <input {...control} type="text" value={values[field] ?? ''} onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))} />}
        </Field>
      ))}
      {other.map(([field, messages]) => (
        <p key={field} className={styles.error}>
          {messages[0]}
        </p>
      ))}
      <Button type="submit" variant="primary">
        Send again
      </Button>
    </form>
  );
}

function Entry({ item, sending }: { item: OutboxItem; sending: boolean }) {
  const online = useOnlineStatus();
  const onToken = useCallback((token: string) => {
    if (token) void solveOutboxBotCheck(item.id, token).catch(failed);
  }, [item.id]);
  const titleId = `outbox-${item.id}`;
  return (
    <li className={styles.item} aria-labelledby={titleId} data-state={item.state}>
      <div className={styles.itemHead}>
        <p id={titleId} className={styles.itemTitle}>
          {item.label}
        </p>
        <Button
          variant="quiet"
          className={styles.cancel}
          aria-disabled={sending || undefined}
          aria-label={`Cancel: ${item.label}`}
          onClick={() => {
            if (!sending) void cancelOutboxItem(item.id).then(() => toast.info(`${item.label}: cancelled, nothing was sent.`), failed);
          }}
        >
          Cancel
        </Button>
      </div>
      <p className={styles.meta}>Made {made.format(item.createdAt)}</p>
      <p className={item.state === 'failed' || item.state === 'needs-attention' ? styles.error : styles.state}>{stateText(item, sending, online)}</p>
      {item.state === 'needs-bot-check' && online ? (
        <div className={styles.botCheck}>
          <Suspense fallback={<p className={styles.meta}>Loading the security check…</p>}>
            <BotCheck round={`outbox-${item.id}-${item.reason ?? ''}`} onToken={onToken} auto="onload" />
          </Suspense>
        </div>
      ) : null}
      {item.state === 'needs-sign-in' ? (
        <Button variant="accent" onClick={signInToSend}>
          Sign in to send
        </Button>
      ) : null}
      {item.state === 'needs-attention' ? <Correction item={item} /> : null}
      {item.state === 'failed' ? (
        <Button variant="secondary" onClick={() => void resendOutboxItem(item.id).catch(failed)}>
          Try again
        </Button>
      ) : null}
    </li>
  );
}

export default function OutboxSheet() {
  const { pending, sending } = useOutboxView();
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : closeOutbox())}>
      <SheetContent title="Waiting to be sent" side="right">
        {pending.length === 0 ? (
          <p className={styles.empty}>Nothing is waiting: every request has been sent.</p>
        ) : (
          <>
            <p className={styles.lead}>Requests made without signal are kept on this device and sent in order when there is signal, even with the app closed.</p>
            <ul className={styles.list} role="list" aria-label="Saved requests">
              {pending.map((item) => (
                <Entry key={item.id} item={item} sending={item.id === sending} />
              ))}
            </ul>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
