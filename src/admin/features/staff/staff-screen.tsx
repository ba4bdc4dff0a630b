/**
 * Staff accounts (owner): the list; a new account with its role and first password, which the
 * owner hands over (the new member of staff enrols an authenticator at their first sign-in); a
 * role changed; an account disabled. An owner changes neither their own role nor their own account.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { STAFF_PASSWORD_MIN_LENGTH, type StaffRecord } from '../../../contract/admin';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../../../domain/staff-permissions';
import { fieldErrorsOf, messageOf } from '../../api';
import { ROLE_NAMES, useStaff } from '../../session';
import { Button, ConfirmDialog, DataTable, formatDateTime, Notice, PageHeading, SelectField, StatusBadge, TextField, useToast } from '../../ui';
import { staffListQuery, useChangeRole, useCreateStaff, useDisableStaff } from './api';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }));

function NewStaffForm({ onDone }: { onDone: () => void }) {
  const create = useCreateStaff();
  const notify = useToast();
  const fields = fieldErrorsOf(create.error);
  return (
    <form
      className="bo-form bo-panel"
      aria-label="New member of staff"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const role = String(data.get('role'));
        create.mutate(
          { name: String(data.get('name') ?? ''), email: String(data.get('email') ?? ''), role: isStaffRole(role) ? role : 'sales', password: String(data.get('password') ?? '') },
          {
            onSuccess: (answer) => {
              notify(`${answer.msg} ${answer.record.email} can sign in now.`);
              onDone();
            },
          },
        );
      }}
    >
      <h2>New member of staff</h2>
      {create.error && !Object.keys(fields).length ? <Notice tone="error">{messageOf(create.error)}</Notice> : null}
      <TextField label="Name" name="name" autoComplete="off" required error={fields.name} />
      <TextField label="Email" name="email" type="email" autoComplete="off" required error={fields.email} />
      <SelectField label="Role" name="role" defaultValue="sales" options={ROLE_OPTIONS} error={fields.role} />
      <TextField
        label="First password"
        name="password"
        type="text"
        autoComplete="off"
        spellCheck={false}
        required
        minLength={STAFF_PASSWORD_MIN_LENGTH}
        hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters. Hand it over yourself; they add an authenticator app at their first sign-in.`}
        error={fields.password}
      />
      <div className="bo-inline-form">
        <Button type="submit" busy={create.isPending}>
          Create the account
        </Button>
        <Button variant="quiet" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RoleCell({ record, self }: { record: StaffRecord; self: boolean }) {
  const change = useChangeRole();
  const notify = useToast();
  const [role, setRole] = useState<StaffRole>(record.role);
  if (self || record.disabled_at) return <>{ROLE_NAMES[record.role]}</>;
  return (
    <form
      className="bo-inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate({ id: record.id, role }, { onSuccess: (answer) => notify(`${answer.msg} ${record.name} is now ${ROLE_NAMES[answer.record.role]}; their sessions were signed out.`), onError: (error) => notify(messageOf(error), 'error') });
      }}
    >
      <select aria-label={`Role of ${record.name}`} value={role} onChange={(event) => isStaffRole(event.target.value) && setRole(event.target.value)}>
        {ROLE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" small disabled={role === record.role} busy={change.isPending}>
        Change role
      </Button>
    </form>
  );
}

export function StaffScreen() {
  const me = useStaff();
  const { data } = useSuspenseQuery(staffListQuery());
  const disable = useDisableStaff();
  const notify = useToast();
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<StaffRecord | null>(null);
  return (
    <>
      <PageHeading
        title="Staff"
        description="Who can sign in to the back office, and with which role."
        actions={
          adding ? null : (
            <Button onClick={() => setAdding(true)} aria-expanded={adding}>
              Add a member of staff
            </Button>
          )
        }
      />
      {adding ? <NewStaffForm onDone={() => setAdding(false)} /> : null}
      <DataTable
        caption="Staff accounts"
        rows={data.records}
        rowKey={(record) => record.id}
        columns={[
          { key: 'name', header: 'Name', cell: (record) => record.name },
          { key: 'email', header: 'Email', cell: (record) => record.email },
          { key: 'role', header: 'Role', cell: (record) => <RoleCell record={record} self={record.id === me.id} /> },
          { key: 'authenticator', header: 'Authenticator', cell: (record) => (record.totp_enrolled ? <StatusBadge tone="success">Added</StatusBadge> : <StatusBadge tone="warning">At first sign-in</StatusBadge>) },
          { key: 'last', header: 'Last signed in', cell: (record) => formatDateTime(record.last_sign_in_at) },
          {
            key: 'status',
            header: 'Account',
            cell: (record) =>
              record.disabled_at ? (
                <StatusBadge tone="danger">Disabled {formatDateTime(record.disabled_at)}</StatusBadge>
              ) : record.id === me.id ? (
                <StatusBadge tone="info">You</StatusBadge>
              ) : (
                <Button variant="danger" small onClick={() => setDisabling(record)} aria-label={`Disable ${record.name}`}>
                  Disable
                </Button>
              ),
          },
        ]}
      />
      <ConfirmDialog
        open={disabling !== null}
        title={`Disable ${disabling?.name ?? ''}?`}
        confirmLabel="Disable the account"
        tone="danger"
        busy={disable.isPending}
        error={disable.error ? messageOf(disable.error) : undefined}
        onCancel={() => {
          disable.reset();
          setDisabling(null);
        }}
        onConfirm={() => {
          if (!disabling) return;
          disable.mutate(disabling.id, {
            onSuccess: (answer) => {
              notify(`${answer.msg} ${answer.record.email} can no longer sign in.`);
              setDisabling(null);
            },
          });
        }}
      >
        <p>They are signed out at once and can no longer sign in. The account stays in the audit log.</p>
      </ConfirmDialog>
    </>
  );
}
