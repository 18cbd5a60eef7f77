import { Modal, Stack, Text } from '@mantine/core';

/** Paragraphs of a plain text: blocks separated by blank lines. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean);
}

/** The task's instructions, shown as plain text (never as HTML). */
export function InstructionsModal({
  opened,
  onClose,
  instructions,
}: {
  opened: boolean;
  onClose: () => void;
  instructions: string;
}) {
  const paragraphs = paragraphsOf(instructions);
  return (
    <Modal opened={opened} onClose={onClose} title="Instructions" size="lg" centered>
      {paragraphs.length === 0 ? (
        <Text c="dimmed">This task has no instructions yet.</Text>
      ) : (
        <Stack gap="sm">
          {paragraphs.map((paragraph, index) => (
            <Text key={index} style={{ whiteSpace: 'pre-wrap' }}>
              {paragraph}
            </Text>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
