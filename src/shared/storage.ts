/**
 * Web storage that never throws: a phone in private mode, a full quota or a blocked cookie policy
 * make localStorage and sessionStorage throw, and a search must still work without them.
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStored(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or refused: the value simply is not remembered.
  }
}

export function removeStored(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // As above: nothing to forget.
  }
}
