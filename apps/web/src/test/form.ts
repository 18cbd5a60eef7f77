import { fireEvent, screen, within } from '@testing-library/react';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The input labelled exactly `label` (a required field's asterisk allowed). */
export function field(label: string, container: HTMLElement = document.body): HTMLInputElement {
  return within(container).getByLabelText(
    new RegExp(`^${escape(label)}\\s*\\*?$`),
  ) as HTMLInputElement;
}

/** Types `value` into the field labelled `label`. */
export function fill(label: string, value: string, container?: HTMLElement): void {
  fireEvent.change(field(label, container), { target: { value } });
}

/** The error message Mantine shows under the field labelled `label`, if any. */
export function fieldErrorText(label: string, container?: HTMLElement): string | null {
  const input = field(label, container);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element?.id.endsWith('-error')) return element.textContent;
  }
  return null;
}

/** Submits the form named `name` with its submit button called `button`. */
export function submitForm(name: string, button: string): void {
  const form = screen.getByRole('form', { name });
  fireEvent.click(within(form).getByRole('button', { name: button }));
}
