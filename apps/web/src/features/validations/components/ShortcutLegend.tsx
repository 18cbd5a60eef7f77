import { Group, Kbd, Text } from '@mantine/core';

const SHORTCUTS: Array<{ keys: string[]; action: string }> = [
  { keys: ['1', 'c'], action: 'Correct' },
  { keys: ['2', 'i'], action: 'Incorrect' },
  { keys: ['3', 'f'], action: 'Flagged' },
  { keys: ['Enter'], action: 'Submit' },
  { keys: ['n'], action: 'Skip to the next example' },
];

/** The validate page's keyboard shortcuts (not active while typing in a text field). */
export function ShortcutLegend() {
  return (
    <Group
      gap="lg"
      component="ul"
      aria-label="Keyboard shortcuts"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {SHORTCUTS.map((shortcut) => (
        <Text key={shortcut.action} component="li" size="sm" c="dimmed">
          {shortcut.keys.map((key, index) => (
            <span key={key}>
              {index > 0 ? ' or ' : null}
              <Kbd size="xs">{key}</Kbd>
            </span>
          ))}{' '}
          {shortcut.action}
        </Text>
      ))}
    </Group>
  );
}
