import type { ReturnStatus } from '../../../domain/orders';
import { type BadgeTone, StatusBadge } from '../../ui';

/** Waiting on the shop: warning; on its way: info; closed: success or danger. The words say which. */
const TONES: Record<ReturnStatus, BadgeTone> = { AWAITING_REVIEW: 'warning', APROVED: 'info', IN_TRANSIT: 'info', DELIVERED: 'warning', REFUNDED: 'success', REJECTED: 'danger' };

export function ReturnStatusBadge({ status, label }: { status: ReturnStatus; label: string }) {
  return <StatusBadge tone={TONES[status]}>{label}</StatusBadge>;
}
