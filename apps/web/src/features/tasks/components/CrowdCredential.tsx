import { useState } from 'react';
import { type TaskDetail } from '@dynaloop/contract';
import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { SecretOnce } from '../../../components/SecretOnce';
import { useIssueCrowdCredential, useRevokeCrowdCredential } from '../api/crowd-credential';

/**
 * Crowd-worker mode: one credential per task, for a crowd platform's task pages. Workers send it
 * with their own id; they move the round's figures but earn no counters or badges.
 */
export function CrowdCredential({ task }: { task: TaskDetail }) {
  const issue = useIssueCrowdCredential(task.id);
  const revoke = useRevokeCrowdCredential(task.id);
  // The action stays set while the dialog closes, so that its text does not change meanwhile.
  const [action, setAction] = useState<'issue' | 'revoke'>('issue');
  const [asking, setAsking] = useState(false);
  const pending = action === 'issue' ? issue : revoke;
  const ask = (next: 'issue' | 'revoke') => {
    setAction(next);
    setAsking(true);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="crowd-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="crowd-title">
          Crowd workers
        </Title>
        <Text size="sm" c="dimmed">
          A crowd platform&apos;s pages create and validate examples of this task with{' '}
          <Code>Authorization: Crowd &lt;credential&gt;</Code> and each worker&apos;s{' '}
          <Code>annotator_id</Code> in the body. Crowd work counts in the round&apos;s figures,
          earns no counters or badges, and no worker validates their own example or one example
          twice.
        </Text>
        {issue.data ? (
          <SecretOnce
            title="The task's crowd credential"
            value={issue.data.crowd_token}
            label="Crowd credential"
          >
            Copy it into the crowd platform now: it will not be shown again.
          </SecretOnce>
        ) : null}
        {revoke.isSuccess && !issue.data ? (
          <Text size="sm" c="teal.8" role="status">
            The crowd credential was revoked: crowd workers can no longer submit or validate.
          </Text>
        ) : null}
        <Group gap="sm">
          <Button variant="light" onClick={() => ask('issue')}>
            Issue a crowd credential
          </Button>
          <Button variant="subtle" color="red" onClick={() => ask('revoke')}>
            Revoke the crowd credential
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={asking}
        title={action === 'issue' ? 'Issue a crowd credential?' : 'Revoke the crowd credential?'}
        confirmLabel={action === 'issue' ? 'Issue' : 'Revoke'}
        color={action === 'revoke' ? 'red' : undefined}
        loading={pending.isPending}
        error={pending.error}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          const done = { onSuccess: () => setAsking(false) };
          if (action === 'issue') {
            revoke.reset();
            issue.mutate(undefined, done);
          } else {
            issue.reset();
            revoke.mutate(undefined, done);
          }
        }}
      >
        <Text size="sm">
          {action === 'issue'
            ? 'A new credential replaces the current one, if any: pages still using the old one stop working.'
            : 'Crowd workers will no longer be able to submit or validate examples of this task.'}
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
