import { describe, expect, it } from 'vitest';
import { isReplicaFailure, walPosition } from './replicas';

describe('replica bookkeeping', () => {
  it('orders WAL positions as PostgreSQL does', () => {
    expect(walPosition('0/16B3748')).toBe(0x16b3748n);
    expect(walPosition('16/B374D848') > walPosition('15/FFFFFFFF')).toBe(true);
    expect(walPosition('1/0') > walPosition('0/FFFFFFFF')).toBe(true);
    expect(() => walPosition('garbage')).toThrow('not a WAL position');
  });

  it('runs a read again on the primary only when the replica itself got in the way', () => {
    expect(isReplicaFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }))).toBe(true);
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    // A mistake in the query would fail on the primary too: it is not hidden by running it twice.
    expect(isReplicaFailure(Object.assign(new Error('column "nope" does not exist'), { code: '42703' }))).toBe(false);
    expect(isReplicaFailure(undefined)).toBe(false);
  });
});
