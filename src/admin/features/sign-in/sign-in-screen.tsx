/**
 * Staff sign-in in steps: email and password; then the authenticator's code (or a recovery code).
 * At the first sign-in the account enrols an authenticator instead: the secret as text and its
 * otpauth:// address, the first code to confirm it, then the ten recovery codes, shown this once,
 * which the member of staff says they have saved before going on.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { adminSignIn, adminSignInTotp, adminTotpConfirm } from '../../../contract/admin';
import { fieldErrorsOf, messageOf, sendAdminCall } from '../../api';
import { meQueryKey, type SignedInStaff } from '../../session';
import { Button, Notice, PageHeading, TextField } from '../../ui';

type Step =
  | { kind: 'password' }
  | { kind: 'code' }
  | { kind: 'enrol'; secret: string; otpauthUrl: string }
  | { kind: 'recovery'; codes: string[]; staff: SignedInStaff };

/** The secret in groups of four, easier to type into an authenticator by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function SignInScreen({ redirectTo }: { redirectTo: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLDivElement>(null);

  // Each step's heading takes the focus, so a screen reader hears where the sign-in has got to.
  useEffect(() => {
    heading.current?.querySelector('h1')?.focus();
  }, [step.kind]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure));
      setFields(fieldErrorsOf(failure));
    } finally {
      setBusy(false);
    }
  }

  function signedIn(staff: SignedInStaff) {
    queryClient.setQueryData(meQueryKey, staff);
    void navigate({ to: redirectTo as '/' });
  }

  const text = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? '');

  let body;
  let title;
  if (step.kind === 'password') {
    title = 'Sign in to the back office';
    body = (
      <form
        className="bo-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const email = text(event, 'email');
          const password = text(event, 'password');
          void run(async () => {
            const answer = await sendAdminCall(adminSignIn, { body: { email, password } });
            setStep(answer.enrolment ? { kind: 'enrol', secret: answer.enrolment.secret, otpauthUrl: answer.enrolment.otpauth_url } : { kind: 'code' });
          });
        }}
      >
        <TextField label="Email" name="email" type="email" autoComplete="username" required error={fields.email} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={fields.password} />
        <Button type="submit" busy={busy}>
          Continue
        </Button>
      </form>
    );
  } else if (step.kind === 'code') {
    title = 'Enter your code';
    body = (
      <form
        className="bo-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const code = text(event, 'code');
          void run(async () => signedIn((await sendAdminCall(adminSignInTotp, { body: { code } })).staff));
        }}
      >
        <TextField label="Code" name="code" hint="The 6-digit code your authenticator app shows, or one of your recovery codes." autoComplete="one-time-code" inputMode="text" required error={fields.code} />
        <Button type="submit" busy={busy}>
          Sign in
        </Button>
      </form>
    );
  } else if (step.kind === 'enrol') {
    title = 'Set up your authenticator';
    body = (
      <form
        className="bo-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const code = text(event, 'code');
          void run(async () => {
            const answer = await sendAdminCall(adminTotpConfirm, { body: { code } });
            setStep({ kind: 'recovery', codes: answer.recovery_codes, staff: answer.staff });
          });
        }}
      >
        <p>Every sign-in to the back office needs a code from an authenticator app as well as your password. Add this account to your app now:</p>
        <dl className="bo-facts">
          <dt>Secret key</dt>
          <dd>
            <code className="bo-secret" data-secret={step.secret}>
              {grouped(step.secret)}
            </code>
          </dd>
          <dt>Or this address, if your app takes one</dt>
          <dd>
            <code className="bo-secret bo-secret--wrap">{step.otpauthUrl}</code>
          </dd>
        </dl>
        <p>This key is shown only now. Then enter the code the app shows for it.</p>
        <TextField label="Code from the app" name="code" autoComplete="one-time-code" inputMode="numeric" required error={fields.code} />
        <Button type="submit" busy={busy}>
          Confirm
        </Button>
      </form>
    );
  } else {
    title = 'Save your recovery codes';
    body = (
      <div className="bo-form">
        <p>If you lose your authenticator, each of these codes signs you in once instead of its code. Keep them somewhere safe: they are shown only now.</p>
        <ul className="bo-recovery-codes" aria-label="Recovery codes">
          {step.codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <label className="bo-check">
          <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} /> I have saved them
        </label>
        <Button disabled={!saved} onClick={() => signedIn(step.staff)}>
          Continue to the back office
        </Button>
      </div>
    );
  }

  return (
    <main className="bo-sign-in" id="main">
      <div className="bo-sign-in__card" ref={heading}>
        <p className="bo-sign-in__brand">PartsFinder UK · Back office</p>
        <PageHeading title={title} />
        {error ? <Notice tone="error">{error}</Notice> : null}
        {body}
        {step.kind === 'code' || step.kind === 'enrol' ? (
          // The password step is good for 5 minutes; after that, or for another account, start again.
          <p className="bo-sign-in__again">
            <Button
              variant="quiet"
              small
              onClick={() => {
                setError(undefined);
                setFields({});
                setStep({ kind: 'password' });
              }}
            >
              Start again
            </Button>
          </p>
        ) : null}
      </div>
    </main>
  );
}
