import { openOutbox, useOutboxView } from './outbox-state';

/**
 * The header's count of requests waiting to be sent (nothing while none wait): a button opening
 * their list. `className`s and the icon come from the header, so it looks like its neighbours.
 */
export function OutboxButton({ className, labelClassName, badgeClassName, icon }: { className: string; labelClassName: string; badgeClassName: string; icon: React.ReactNode }) {
  const { pending } = useOutboxView();
  if (pending.length === 0) return null;
  const count = pending.length;
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={openOutbox} data-outbox-count={count}>
      {icon}
      <span className={labelClassName}>Outbox</span>{' '}
      <span className={badgeClassName}>
        {count}
        <span className="visually-hidden">{count === 1 ? ' request waiting to be sent' : ' requests waiting to be sent'}</span>
      </span>
    </button>
  );
}
