import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { adminPasswordChange, STAFF_PASSWORD_MIN_LENGTH } from '../../../contract/admin';
import { adminApi, fieldErrorsOf, messageOf } from '../../api';
import { Button, Notice, PageHeading, TextField, useToast } from '../../ui';

/** The signed-in member of staff's own password: the current one, then the new one twice. */
export function PasswordScreen() {
  const notify = useToast();
  const [mismatch, setMismatch] = useState<string>();
  const change = useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) => adminApi(adminPasswordChange, { body }),
    onSuccess: (answer) => notify(answer.msg),
  });
  const fields = fieldErrorsOf(change.error);
  return (
    <>
      <PageHeading title="Change my password" description="Your other sessions are signed out when it changes." />
      {change.error && !Object.keys(fields).length ? <Notice tone="error">{messageOf(change.error)}</Notice> : null}
      {change.isSuccess ? <Notice tone="success">Your password has been changed.</Notice> : null}
      <form
        className="bo-form bo-form--narrow"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          const next = String(data.get('new_password') ?? '');
          if (next !== String(data.get('repeat_password') ?? '')) {
            setMismatch('The two new passwords are not the same.');
            return;
          }
          setMismatch(undefined);
          change.mutate({ current_password: String(data.get('current_password') ?? ''), new_password: next }, { onSuccess: () => form.reset() });
        }}
      >
        <TextField label="Current password" name="current_password" type="password" autoComplete="current-password" required error={fields.current_password} />
        <TextField label="New password" name="new_password" type="password" autoComplete="new-password" required minLength={STAFF_PASSWORD_MIN_LENGTH} hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters.`} error={fields.new_password} />
        <TextField label="New password again" name="repeat_password" type="password" autoComplete="new-password" required error={mismatch} />
        <Button type="submit" busy={change.isPending}>
          Change my password
        </Button>
      </form>
    </>
  );
}
