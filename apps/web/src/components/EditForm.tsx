import { type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, type MantineSpacing } from '@mantine/core';

interface EditFormProps {
  /** The form's accessible name. */
  label: string;
  /** Something to submit (a change, every required field): the button shows only then. */
  ready: boolean;
  /** Called on submit, and only when `ready`. */
  onSubmit: () => void;
  submitLabel: string;
  submitting: boolean;
  /** Why the last submission failed (an alert), shown first. */
  problem?: ReactNode;
  /** What the last submission did, once it succeeded (a status). */
  done?: ReactNode;
  gap: MantineSpacing;
  maw: number;
  children: ReactNode;
}

/** A form whose submit button appears once there is something to submit, with its outcome above. */
export function EditForm({
  label,
  ready,
  onSubmit,
  submitLabel,
  submitting,
  problem,
  done,
  gap,
  maw,
  children,
}: EditFormProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ready) onSubmit();
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap={gap} maw={maw}>
        {problem}
        {done ? (
          <Alert color="green" variant="light" role="status">
            {done}
          </Alert>
        ) : null}
        {children}
        {ready ? (
          <Group>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
