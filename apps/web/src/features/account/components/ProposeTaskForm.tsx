import { type FormEvent, useState } from 'react';
import { MESSAGES } from '@dynaloop/contract/messages';
import { proposalCreateBody } from '@dynaloop/contract/schemas';
import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { errorMessage } from '../../../lib/api';
import { type FieldErrors, schemaErrors, serverFieldErrors } from '../../../lib/form';
import { type ProposalInput, useCreateProposal } from '../api/account';

type Field = keyof ProposalInput;
const EMPTY: ProposalInput = { name: '', task_code: '', desc: '', longdesc: '' };

/** "Propose new task": Submit appears only once all four fields are filled. */
export function ProposeTaskForm() {
  const create = useCreateProposal();
  const [values, setValues] = useState<ProposalInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [sent, setSent] = useState<string | null>(null);
  const complete = (Object.values(values) as string[]).every((value) => value.trim() !== '');
  const shownErrors = { ...serverFieldErrors(create.error), ...errors };

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSent(null);
    if (!create.isIdle) create.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return;
    const found = schemaErrors<Field>(proposalCreateBody, values);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    const body: ProposalInput = {
      name: values.name.trim(),
      task_code: values.task_code.trim(),
      desc: values.desc.trim(),
      longdesc: values.longdesc.trim(),
    };
    create.mutate(body, {
      onSuccess: () => {
        setValues(EMPTY);
        setSent(body.name);
      },
    });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="propose-task-title">
      <Title order={2} size="h4" id="propose-task-title">
        Propose new task
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md" maw={640}>
        The admins review proposals. Once accepted, the task is yours to configure in its owner
        console before you activate it.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Propose new task">
        <Stack gap="sm" maw={640}>
          {create.isError ? (
            <Alert color="red" variant="light" role="alert">
              {MESSAGES.profileUpdateFailed(errorMessage(create.error))}
            </Alert>
          ) : null}
          {sent ? (
            <Alert color="green" variant="light" role="status">
              Your proposal “{sent}” was sent to the admins.
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            withAsterisk
            value={values.name}
            onChange={(event) => change('name', event.currentTarget.value)}
            error={shownErrors.name}
          />
          <TextInput
            label="Task code"
            description="Used in the task's address: letters, digits, _ and - only."
            withAsterisk
            value={values.task_code}
            onChange={(event) => change('task_code', event.currentTarget.value)}
            error={shownErrors.task_code}
            autoCapitalize="off"
            spellCheck={false}
          />
          <TextInput
            label="Short description"
            withAsterisk
            value={values.desc}
            onChange={(event) => change('desc', event.currentTarget.value)}
            error={shownErrors.desc}
          />
          <Textarea
            label="Long description"
            description="What annotators do, what models predict, and why the task matters."
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            value={values.longdesc}
            onChange={(event) => change('longdesc', event.currentTarget.value)}
            error={shownErrors.longdesc}
          />
          {complete ? (
            <Group>
              <Button type="submit" loading={create.isPending}>
                Submit
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
