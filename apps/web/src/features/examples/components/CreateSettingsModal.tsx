import { Checkbox, Modal } from '@mantine/core';

export const RETAIN_INPUT_LABEL = 'Do you want to retain your input for the same context?';

/** Preferences of the create page. */
export function CreateSettingsModal({
  opened,
  onClose,
  retainInput,
  onRetainInputChange,
}: {
  opened: boolean;
  onClose: () => void;
  retainInput: boolean;
  onRetainInputChange: (value: boolean) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create Settings" centered>
      <Checkbox
        label={RETAIN_INPUT_LABEL}
        description="After a submission your input stays in the fields until the context changes."
        checked={retainInput}
        onChange={(event) => onRetainInputChange(event.currentTarget.checked)}
      />
    </Modal>
  );
}
