import { type FormEvent, useState } from 'react';
import { type TaskDetail, type TaskModel } from '@dynaloop/contract';
import { isModelEndpointUrl, MODEL_ENDPOINT_URL_RULE } from '@dynaloop/contract/endpoints';
import {
  Alert,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { FormModal } from '../../../components/FormModal';
import { SecretOnce } from '../../../components/SecretOnce';
import { errorMessage } from '../../../lib/api';
import {
  useCreateRemoteModel,
  useRotateRemoteModelSecret,
  useUpdateRemoteModel,
} from '../api/remote-models';

interface RemoteModelFields {
  name: string;
  endpoint_url: string;
  desc: string;
}

type FieldErrors = Partial<Record<keyof RemoteModelFields, string>>;

function check(fields: RemoteModelFields): FieldErrors {
  const problems: FieldErrors = {};
  if (!fields.name.trim()) problems.name = 'A model needs a name.';
  if (!fields.endpoint_url.trim()) problems.endpoint_url = 'An endpoint URL is required.';
  else if (!isModelEndpointUrl(fields.endpoint_url.trim()))
    problems.endpoint_url = `The endpoint ${MODEL_ENDPOINT_URL_RULE}.`;
  return problems;
}

/** What the API takes: trimmed texts, no description as null. */
function bodyOf(fields: RemoteModelFields) {
  return {
    name: fields.name.trim(),
    endpoint_url: fields.endpoint_url.trim(),
    desc: fields.desc.trim() || null,
  };
}

/** How the secret is used: the short form of docs/model-protocol.md. */
function SigningHelp({ taskCode }: { taskCode: string }) {
  return (
    <>
      Give it to the model&apos;s host now: it will not be shown again. The model signs each answer
      with HMAC-SHA256 under this secret, over the canonical JSON of{' '}
      <Code>{`{"task": "${taskCode}", "input": …, "output": …}`}</Code>; examples carrying an answer
      with a wrong signature are refused.
    </>
  );
}

function ModelFields({
  fields,
  problems,
  onChange,
}: {
  fields: RemoteModelFields;
  problems: FieldErrors;
  onChange: (next: RemoteModelFields) => void;
}) {
  return (
    <>
      <TextInput
        label="Model name"
        required
        maxLength={100}
        value={fields.name}
        error={problems.name}
        onChange={(e) => onChange({ ...fields, name: e.currentTarget.value })}
      />
      <TextInput
        label="Endpoint URL"
        required
        type="url"
        placeholder="https://models.example.org/predict"
        description="The create page posts the task's input and context fields here, from the annotator's browser."
        maxLength={2000}
        value={fields.endpoint_url}
        error={problems.endpoint_url}
        onChange={(e) => onChange({ ...fields, endpoint_url: e.currentTarget.value })}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={2000}
        value={fields.desc}
        onChange={(e) => onChange({ ...fields, desc: e.currentTarget.value })}
      />
    </>
  );
}

const EMPTY: RemoteModelFields = { name: '', endpoint_url: '', desc: '' };

/** Registers a model endpoint hosted elsewhere; its secret is shown once. */
export function RegisterRemoteModel({ task }: { task: TaskDetail }) {
  const [fields, setFields] = useState(EMPTY);
  const [problems, setProblems] = useState<FieldErrors>({});
  const create = useCreateRemoteModel(task.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(bodyOf(fields), { onSuccess: () => setFields(EMPTY) });
  }

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Register a remote model
        </Title>
        <Text size="sm" c="dimmed">
          A model hosted elsewhere joins the loop through its endpoint. It must speak the model
          protocol, accept the guest trial token the page sends as Bearer, and allow this
          site&apos;s origin ({window.location.origin}) by CORS.
        </Text>
        {create.data ? (
          <SecretOnce
            title={`Secret of ${create.data.model.name}`}
            value={create.data.secret}
            label="Model secret"
          >
            <SigningHelp taskCode={task.task_code} />
          </SecretOnce>
        ) : null}
        <form onSubmit={submit} noValidate aria-label="Register a remote model">
          <Stack gap="sm">
            <ModelFields
              fields={fields}
              problems={problems}
              onChange={(next) => {
                setFields(next);
                setProblems({});
                if (create.isError) create.reset();
              }}
            />
            {create.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(create.error)}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={create.isPending}>
                Register model
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function EditModal({
  task,
  model,
  onClose,
}: {
  task: TaskDetail;
  model: TaskModel;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<RemoteModelFields>({
    name: model.name,
    endpoint_url: model.light_model ?? '',
    desc: model.desc ?? '',
  });
  const [problems, setProblems] = useState<FieldErrors>({});
  const update = useUpdateRemoteModel(task.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({ mid: model.id, changes: bodyOf(fields) }, { onSuccess: onClose });
  }

  return (
    <FormModal
      opened
      onClose={onClose}
      title={`Edit ${model.name}`}
      onSubmit={submit}
      submitLabel="Save"
      submitting={update.isPending}
      gap="sm"
    >
      <ModelFields fields={fields} problems={problems} onChange={setFields} />
      {update.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(update.error)}
        </Alert>
      ) : null}
    </FormModal>
  );
}

/** Edit and New secret, for a remote model's row of the models table. */
export function RemoteModelActions({ task, model }: { task: TaskDetail; model: TaskModel }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateRemoteModelSecret(task.id);

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="light"
          aria-label={`Edit ${model.name}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="orange"
          aria-label={`New secret for ${model.name}`}
          onClick={() => {
            rotate.reset();
            setConfirming(true);
          }}
        >
          New secret
        </Button>
      </Group>
      {editing ? <EditModal task={task} model={model} onClose={() => setEditing(false)} /> : null}
      {rotate.data ? (
        <Modal opened onClose={() => rotate.reset()} title={`New secret of ${model.name}`} centered>
          <SecretOnce title="The new secret" value={rotate.data.secret} label="Model secret">
            <SigningHelp taskCode={task.task_code} />
          </SecretOnce>
        </Modal>
      ) : null}
      <ConfirmModal
        opened={confirming && !rotate.data}
        title={`New secret for ${model.name}?`}
        confirmLabel="Replace the secret"
        color="orange"
        loading={rotate.isPending}
        error={rotate.error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          rotate.mutate(model.id, {
            onSuccess: () => setConfirming(false),
          })
        }
      >
        <Text size="sm">
          Answers the model signs with its current secret will be refused from now on, until its
          host uses the new one.
        </Text>
      </ConfirmModal>
    </>
  );
}
