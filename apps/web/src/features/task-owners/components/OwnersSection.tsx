import { type FormEvent, useState } from 'react';
import { type Owner, type TaskDetail } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { QueryStatus } from '../../../components/QueryStatus';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../auth/use-auth';
import { taskPath } from '../../tasks/paths';
import { useTaskOwners, useToggleOwner } from '../api/owners';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { TitledSection } from '../../../components/TitledSection';
import { CrowdCredential } from '../../tasks/components/CrowdCredential';

function AddOwner({ task, owners }: { task: TaskDetail; owners: Owner[] }) {
  const toggle = useToggleOwner(task.id);
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [added, setAdded] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = username.trim();
    if (!name) {
      setError(MESSAGES.required);
      return;
    }
    // The API toggles: adding someone who already owns the task would remove them.
    if (owners.some((owner) => owner.username.toLowerCase() === name.toLowerCase())) {
      setError(`${name} is already an owner of this task.`);
      return;
    }
    toggle.mutate(name, {
      onSuccess: () => {
        setAdded(name);
        setUsername('');
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add owner">
      <Stack gap="sm" maw={520}>
        {toggle.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(toggle.error)}
          </Alert>
        ) : null}
        {added && toggle.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            {added} is now an owner of this task.
          </Alert>
        ) : null}
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Username"
            description="The user gets the same rights as you on this task."
            value={username}
            onChange={(event) => {
              setUsername(event.currentTarget.value);
              setError(undefined);
              if (!toggle.isIdle) toggle.reset();
            }}
            error={error}
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={26} loading={toggle.isPending}>
            Add owner
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function OwnerList({ task, owners }: { task: TaskDetail; owners: Owner[] }) {
  const { username: me } = useAuth();
  const navigate = useNavigate();
  const toggle = useToggleOwner(task.id);
  const [removing, setRemoving] = useState<Owner | null>(null);
  const isMe = removing !== null && removing.username === me;

  function dismiss() {
    setRemoving(null);
    toggle.reset();
  }

  function remove() {
    if (!removing) return;
    toggle.mutate(removing.username, {
      onSuccess: () => {
        setRemoving(null);
        // Without ownership the console is closed to oneself (unless one is an admin).
        if (isMe) void navigate(taskPath(task.task_code));
      },
    });
  }

  return (
    <>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Owners">
        {owners.map((owner) => (
          <Paper component="li" key={owner.id} withBorder px="md" py="xs">
            <Group justify="space-between">
              <Text fw={500}>
                {owner.username}
                {owner.username === me ? (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    (you)
                  </Text>
                ) : null}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => setRemoving(owner)}
                aria-label={`Remove ${owner.username}`}
              >
                Remove
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title="Remove owner"
        confirmLabel="Remove owner"
        color="red"
        onConfirm={remove}
        onClose={dismiss}
        loading={toggle.isPending}
        error={toggle.isError ? toggle.error : undefined}
      >
        <Text size="sm">
          {isMe
            ? 'Remove yourself from the owners of this task? You will no longer be able to administer it.'
            : `Remove ${removing?.username ?? ''} from the owners of this task?`}
        </Text>
      </ConfirmModal>
    </>
  );
}

/** #owners: who administers the task; owners add and remove each other by username. */
export function OwnersSection({ task }: { task: TaskDetail }) {
  const query = useTaskOwners(task.id);
  return (
    <Stack gap="lg">
      <TitledSection id="owners-title" title="Owners" size="h4">
        <QueryStatus
          query={query}
          loadingLabel="Loading owners…"
          errorTitle="Owners could not be loaded"
        >
          {(owners) => <OwnerList task={task} owners={owners} />}
        </QueryStatus>
      </TitledSection>
      {query.data ? <AddOwner task={task} owners={query.data} /> : null}
      <CrowdCredential task={task} />
    </Stack>
  );
}
