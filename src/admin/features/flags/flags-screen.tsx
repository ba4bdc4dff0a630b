import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FeatureFlagRecord } from '../../../contract/admin-flags';
import { messageOf } from '../../api';
import { Button, type Column, ConfirmDialog, DataTable, formatDateTime, PageHeading, StatusBadge, useToast } from '../../ui';
import { flagListQuery, useSetFlag } from './api';

/**
 * SPEC §3's feature flags: each one's state, what it does, and who set it. A switch asks first,
 * since it changes what every customer sees from their next page on.
 */
export function FlagsScreen() {
  const { data } = useSuspenseQuery(flagListQuery());
  const setFlag = useSetFlag();
  const notify = useToast();
  const [switching, setSwitching] = useState<FeatureFlagRecord | null>(null);

  const columns: Column<FeatureFlagRecord>[] = [
    {
      key: 'flag',
      header: 'Flag',
      cell: (flag) => (
        <>
          <strong>{flag.label}</strong>
          <br />
          <span className="bo-muted">{flag.description}</span>
        </>
      ),
    },
    { key: 'state', header: 'Now', cell: (flag) => <StatusBadge tone={flag.enabled ? 'success' : 'neutral'}>{flag.enabled ? 'On' : 'Off'}</StatusBadge> },
    {
      key: 'set',
      header: 'Set by',
      cell: (flag) => (flag.updated_at ? `${flag.updated_by ?? 'Someone'}, ${formatDateTime(flag.updated_at)}` : `The shop's setting (${flag.setting ? 'on' : 'off'})`),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (flag) => (
        <Button variant="secondary" small onClick={() => setSwitching(flag)} aria-label={`Turn ${flag.label} ${flag.enabled ? 'off' : 'on'}`}>
          {flag.enabled ? 'Turn off' : 'Turn on'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeading title="Feature flags" description="What the shop offers its customers. A change shows on their next page." />
      <DataTable caption="Feature flags" columns={columns} rows={data.records} rowKey={(flag) => flag.key} empty="No feature flags." />
      <ConfirmDialog
        open={switching !== null}
        title={`Turn ${switching?.label ?? ''} ${switching?.enabled ? 'off' : 'on'}?`}
        confirmLabel={switching?.enabled ? 'Turn off' : 'Turn on'}
        tone={switching?.enabled ? 'danger' : 'primary'}
        busy={setFlag.isPending}
        error={setFlag.error ? messageOf(setFlag.error) : undefined}
        onCancel={() => {
          setFlag.reset();
          setSwitching(null);
        }}
        onConfirm={() => {
          if (!switching) return;
          setFlag.mutate(
            { key: switching.key, enabled: !switching.enabled },
            {
              onSuccess: (answer) => {
                notify(answer.msg);
                setSwitching(null);
              },
            },
          );
        }}
      >
        {switching?.description}
      </ConfirmDialog>
    </>
  );
}
