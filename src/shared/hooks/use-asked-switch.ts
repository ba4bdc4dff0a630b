import { useState } from 'react';

/**
 * A checkbox or switch whose state lives on the server (an alert on or off): it shows what was
 * asked for from the tap on, until the change is answered and the server's state is read again.
 * A controlled box bound to the server's state alone springs back after the tap until the answer
 * lands; a mutation's own pending state only arrives on a later tick (TanStack Query notifies in a
 * timeout), which on a busy phone is a visible flicker.
 */
export function useAskedSwitch(serverOn: boolean): { on: boolean; asking: boolean; ask: (on: boolean, send: () => Promise<void>) => Promise<void> } {
  const [asked, setAsked] = useState<boolean | null>(null);
  return {
    on: asked ?? serverOn,
    asking: asked !== null,
    ask: async (on, send) => {
      setAsked(on);
      try {
        await send();
      } finally {
        setAsked(null);
      }
    },
  };
}
