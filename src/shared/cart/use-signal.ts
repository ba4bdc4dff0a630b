/**
 * Whether the app has signal (src/shared/signal.ts): the same view the cart's queue pauses and
 * resumes by, so a screen never says 'sending' while the queue waits.
 */
export { useOnlineStatus as useSignal } from '../hooks/use-online-status';
