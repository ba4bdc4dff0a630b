import { useEffect, type RefObject } from 'react';

/** SPEC §9: typed registrations and part numbers are upper-cased 100 ms after the last keystroke. */
export const UPPERCASE_DEBOUNCE_MS = 100;

/**
 * Upper-cases a controlled text input's value once typing pauses, keeping the caret where it was
 * (the field already looks upper-case through CSS, so nothing jumps).
 */
export function useUpperCase(input: RefObject<HTMLInputElement | null>, value: string, setValue: (value: string) => void): void {
  useEffect(() => {
    const upper = value.toUpperCase();
    if (upper === value) return;
    const timer = window.setTimeout(() => {
      const element = input.current;
      if (element && element.value === value) {
        const { selectionStart, selectionEnd } = element;
        element.value = upper;
        if (selectionStart !== null && selectionEnd !== null && document.activeElement === element) {
          element.setSelectionRange(selectionStart, selectionEnd);
        }
      }
      setValue(upper);
    }, UPPERCASE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input, value, setValue]);
}
