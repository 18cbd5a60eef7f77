import { type ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/**
 * A credential the server shows this once (API token, model secret, crowd credential): the
 * value with a Copy button, and what to do with it.
 */
export function SecretOnce({
  title,
  value,
  children,
  label,
}: {
  title: string;
  value: string;
  children: ReactNode;
  /** Accessible name of the value, e.g. "Model secret". */
  label: string;
}) {
  return (
    <Alert color="yellow" variant="light" title={title} role="status">
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <Code block aria-label={label} style={{ flex: 1, wordBreak: 'break-all' }}>
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
