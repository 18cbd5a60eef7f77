import { type FormEvent, type ReactNode } from 'react';
import { Button, Group, type MantineSpacing, Modal, Stack } from '@mantine/core';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The form's accessible name, if it has one. */
  label?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitColor?: string;
  submitting: boolean;
  gap: MantineSpacing;
  /** The fields, with what to read before them and any error of the last submission. */
  children: ReactNode;
}

/** A dialog holding a form, with Cancel (which closes it) and the submit button under it. */
export function FormModal({
  opened,
  onClose,
  title,
  label,
  onSubmit,
  submitLabel,
  submitColor,
  submitting,
  gap,
  children,
}: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap={gap}>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={submitColor} loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
