import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

export const EXPLAINER_VIDEO_URL = 'https://www.youtube.com/watch?v=qqR4_5IOKYI';

/** A button that opens a dialog pointing to the explainer video (no embedded third-party player). */
export function ExplainerVideo() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button onClick={open} variant="light">
        Watch the explainer video
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Explainer video"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text size="sm">
          A short video walks through how dynamic benchmarking works: people write examples that
          fool the models in the loop, those examples are validated, and each round trains and
          evaluates stronger models. The video plays on YouTube, in a new tab.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button
            component="a"
            href={EXPLAINER_VIDEO_URL}
            target="_blank"
            rel="noopener noreferrer"
          >
            Watch the video
          </Button>
        </Group>
      </Modal>
    </>
  );
}
