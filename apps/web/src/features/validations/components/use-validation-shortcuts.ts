import { useEffect, useRef } from 'react';
import { type ValidationLabel } from '@dynaloop/contract';

export const LABELS: Array<{ value: ValidationLabel; label: string; keys: [string, string] }> = [
  { value: 'correct', label: 'Correct', keys: ['1', 'c'] },
  { value: 'incorrect', label: 'Incorrect', keys: ['2', 'i'] },
  { value: 'flagged', label: 'Flagged', keys: ['3', 'f'] },
];

/** Keys typed in a text field are text, not shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['radio', 'checkbox', 'button', 'submit', 'reset'].includes(target.type);
  }
  return false;
}

/** Enter on a button or link is that control's own action. */
function isButtonLike(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLButtonElement ||
    target instanceof HTMLAnchorElement ||
    (target instanceof HTMLElement && target.getAttribute('role') === 'button')
  );
}

export interface ValidationActions {
  choose: (label: ValidationLabel) => void;
  submit: () => void;
  skip: () => void;
}

/**
 * The validate page's keyboard: 1/2/3 or c/i/f choose a label, Enter submits, n skips; not
 * while typing in a text field, nor while a dialog is open.
 */
export function useValidationShortcuts(actions: ValidationActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"]')) return;
      const key = event.key.toLowerCase();
      const label = LABELS.find((l) => l.keys.includes(key));
      if (label) {
        event.preventDefault();
        latest.current.choose(label.value);
      } else if (key === 'enter' && !isButtonLike(event.target)) {
        event.preventDefault();
        latest.current.submit();
      } else if (key === 'n') {
        event.preventDefault();
        latest.current.skip();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
