import type { ReturnStatus } from '../../../domain/orders';
import type { ClaimStatus } from '../../../domain/warranty-claims';
import { type BadgeTone, StatusBadge } from '../../ui';

/** Waiting on the shop: warning; on its way: info; closed: success or danger. The words say which. */
const TONES: Record<ReturnStatus, BadgeTone> = { AWAITING_REVIEW: 'warning', APROVED: 'info', IN_TRANSIT: 'info', DELIVERED: 'warning', REFUNDED: 'success', REJECTED: 'danger' };

export function ReturnStatusBadge({ status, label }: { status: ReturnStatus; label: string }) {
  return <StatusBadge tone={TONES[status]}>{label}</StatusBadge>;
}

/** Waiting on the shop or the customer: warning; settled: success; refused: danger; closed: neutral words. */
const CLAIM_TONES: Record<ClaimStatus, BadgeTone> = { submitted: 'warning', information_requested: 'info', approved: 'success', rejected: 'danger', closed: 'neutral' };

export function ClaimStatusBadge({ status, label }: { status: ClaimStatus; label: string }) {
  return <StatusBadge tone={CLAIM_TONES[status]}>{label}</StatusBadge>;
}
