import type { ChangeEvent } from 'react';

/**
 * Upper-cases what is typed in place, keeping the caret where it was (registration and part
 * numbers are always upper-case, SPEC §5). Call before react-hook-form reads the value.
 */
export function upperCaseInPlace(event: ChangeEvent<HTMLInputElement>): void {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
}
