import { lazy, Suspense } from 'react';
import { Loader, Modal, Text } from '@mantine/core';

// The markdown stack is most of the create page's weight: it loads when instructions are shown.
const Markdown = lazy(() =>
  import('../../../components/Markdown').then((module) => ({ default: module.Markdown })),
);

/** The task's instructions: the owner's markdown, rendered sanitized (raw HTML is not rendered). */
export function InstructionsModal({
  opened,
  onClose,
  instructions,
}: {
  opened: boolean;
  onClose: () => void;
  instructions: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Instructions" size="lg" centered>
      {instructions.trim() === '' ? (
        <Text c="dimmed">This task has no instructions yet.</Text>
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the instructions" />}>
          <Markdown>{instructions}</Markdown>
        </Suspense>
      )}
    </Modal>
  );
}
