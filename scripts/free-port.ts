/**
 * A loopback port nobody listens on right now, for a server a benchmark starts: the fault suite's
 * (the system picks it, or FAULT_PORTS=5600-5699 keeps every server a run starts in that range).
 */
export { freePort } from '../server/faults/support/ports';
