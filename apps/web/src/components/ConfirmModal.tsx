import { type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { errorMessage } from '../lib/api';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  error?: unknown;
  color?: string;
  /** Whether the dialog opens with the confirm button focused (else its close button). */
  focusConfirm?: boolean;
}

/** Asks before an action that is hard to undo; shows the server's error if it fails. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  error,
  color,
  focusConfirm = true,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        {children}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={color}
            onClick={onConfirm}
            loading={loading}
            data-autofocus={focusConfirm || undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
