import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { DiscountCodeRecord } from '../../../contract/admin-content';
import type { DiscountCodeState } from '../../../domain/admin-content';
import { messageOf } from '../../api';
import { type BadgeTone, Button, buttonClass, type Column, ConfirmDialog, DataTable, formatDateTime, formatMoney, PageHeading, StatusBadge, useToast } from '../../ui';
import { discountCodeListQuery, useDisableDiscountCode } from './api';

const STATE: Record<DiscountCodeState, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  scheduled: { label: 'Not started', tone: 'info' },
  ended: { label: 'Ended', tone: 'neutral' },
  'used-up': { label: 'Used up', tone: 'warning' },
};

const amountOf = (code: DiscountCodeRecord) => (code.kind === 'PERCENT' ? `${code.value}%` : formatMoney(code.value));

/** Every discount code, newest first: what it takes off, when and how often, and a way to end it. */
export function DiscountCodesScreen() {
  const { data } = useSuspenseQuery(discountCodeListQuery());
  const disable = useDisableDiscountCode();
  const notify = useToast();
  const [ending, setEnding] = useState<DiscountCodeRecord | null>(null);

  const columns: Column<DiscountCodeRecord>[] = [
    { key: 'code', header: 'Code', cell: (code) => <strong>{code.code}</strong> },
    { key: 'name', header: 'Customers see', cell: (code) => code.display_name },
    { key: 'value', header: 'Takes off', cell: amountOf, align: 'end' },
    { key: 'minimum', header: 'Minimum basket', cell: (code) => (code.minimum_basket === null ? '—' : formatMoney(code.minimum_basket)), align: 'end' },
    {
      key: 'dates',
      header: 'Valid',
      cell: (code) => `${code.valid_from ? formatDateTime(code.valid_from) : 'from the start'} – ${code.valid_to ? formatDateTime(code.valid_to) : 'no end'}`,
    },
    { key: 'used', header: 'Used', cell: (code) => (code.usage_limit === null ? String(code.times_used) : `${code.times_used} of ${code.usage_limit}`), align: 'end' },
    { key: 'state', header: 'State', cell: (code) => <StatusBadge tone={STATE[code.state].tone}>{STATE[code.state].label}</StatusBadge> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (code) =>
        code.state === 'ended' ? null : (
          <Button variant="secondary" small onClick={() => setEnding(code)} aria-label={`Disable ${code.code}`}>
            Disable
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeading
        title="Discount codes"
        description="A code works in customers' carts as soon as it is created."
        actions={
          <Link to="/discount-codes/new" className={buttonClass('primary')}>
            New discount code
          </Link>
        }
      />
      <DataTable caption="Discount codes" columns={columns} rows={data.records} rowKey={(code) => code.id} empty="No discount codes yet." />
      <ConfirmDialog
        open={ending !== null}
        title={`Disable ${ending?.code ?? ''}?`}
        confirmLabel="Disable"
        tone="danger"
        busy={disable.isPending}
        error={disable.error ? messageOf(disable.error) : undefined}
        onCancel={() => {
          disable.reset();
          setEnding(null);
        }}
        onConfirm={() => {
          if (!ending) return;
          disable.mutate(ending.id, {
            onSuccess: (answer) => {
              notify(answer.msg);
              setEnding(null);
            },
          });
        }}
      >
        Its validity ends now: carts holding it will say it has expired. Orders that used it keep their discount.
      </ConfirmDialog>
    </>
  );
}
