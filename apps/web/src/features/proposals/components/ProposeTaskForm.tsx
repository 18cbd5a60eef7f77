import { type ProposalCreateBody } from '@dynaloop/contract';
import { useState } from 'react';
import { MESSAGES } from '@dynaloop/contract/messages';
import { proposalCreateBody } from '@dynaloop/contract/schemas';
import { Alert, Paper, Text, Textarea, TextInput, Title } from '@mantine/core';
import { EditForm } from '../../../components/EditForm';
import { errorMessage } from '../../../lib/api';
import { type FieldErrors, schemaErrors, useFormFields } from '../../../lib/form';
import { useCreateProposal } from '../api/proposals';

type Field = keyof ProposalCreateBody;
const EMPTY: ProposalCreateBody = { name: '', task_code: '', desc: '', longdesc: '' };

function validate(values: ProposalCreateBody): FieldErrors<Field> {
  return schemaErrors<Field>(proposalCreateBody, values);
}

/** "Propose new task": Submit appears only once all four fields are filled. */
export function ProposeTaskForm() {
  const create = useCreateProposal();
  const [sent, setSent] = useState<string | null>(null);
  const { values, bind, handleSubmit, reset } = useFormFields(EMPTY, {
    onChange: () => {
      setSent(null);
      if (!create.isIdle) create.reset();
    },
    serverError: create.error,
  });
  const complete = (Object.values(values) as string[]).every((value) => value.trim() !== '');

  function send(values: ProposalCreateBody) {
    const body: ProposalCreateBody = {
      name: values.name.trim(),
      task_code: values.task_code.trim(),
      desc: values.desc.trim(),
      longdesc: values.longdesc.trim(),
    };
    create.mutate(body, {
      onSuccess: () => {
        reset();
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
      <EditForm
        label="Propose new task"
        ready={complete}
        onSubmit={handleSubmit(validate, send)}
        submitLabel="Submit"
        submitting={create.isPending}
        problem={
          create.isError ? (
            <Alert color="red" variant="light" role="alert">
              {MESSAGES.profileUpdateFailed(errorMessage(create.error))}
            </Alert>
          ) : null
        }
        done={sent ? <>Your proposal “{sent}” was sent to the admins.</> : null}
        gap="sm"
        maw={640}
      >
        <TextInput label="Name" withAsterisk {...bind('name')} />
        <TextInput
          label="Task code"
          description="Used in the task's address: letters, digits, _ and - only."
          withAsterisk
          {...bind('task_code')}
          autoCapitalize="off"
          spellCheck={false}
        />
        <TextInput label="Short description" withAsterisk {...bind('desc')} />
        <Textarea
          label="Long description"
          description="What annotators do, what models predict, and why the task matters."
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          {...bind('longdesc')}
        />
      </EditForm>
    </Paper>
  );
}
