/** A part of the page HydrateLater holds back (hydrate-later.tsx), and what its watcher (hydrate-later-watch.ts) sets on it. */
export interface Gate {
  open: boolean;
  promise: Promise<void>;
  /** Lets the part hydrate (once). */
  release: () => void;
  /** Finds the part's element in the server's markup. */
  find: (() => Element | null) | undefined;
  /** Set by the watcher (hydrate-later-watch.ts): stops watching (the part left the page first), and hears that the part hydrated. */
  stop?: () => void;
  hydrated?: () => void;
}
