import { type ModelDetail } from '@dynaloop/contract';
import {
  Alert,
  Anchor,
  Checkbox,
  Container,
  NumberInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { EditForm } from '../../../components/EditForm';
import { QueryErrorAlert } from '../../../components/ErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage, isApiError } from '../../../lib/api';
import { RequireLogin } from '../../auth/components/RequireLogin';
import { useModelDetail, useUpdateModel } from '../api/models';
import { modelPath } from '../paths';

function ModelForm({ model }: { model: ModelDetail }) {
  const navigate = useNavigate();
  const update = useUpdateModel(model.id);
  const [values, setValues] = useState({
    name: model.name,
    description: model.longdesc ?? '',
    params: model.params,
    languages: model.languages ?? '',
    license: model.license ?? '',
    source_url: model.source_url ?? '',
    model_card: model.model_card ?? '',
    is_anonymous: model.is_anonymous,
  });
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  return (
    <EditForm
      label="Model information"
      ready
      submitLabel="Save"
      submitting={update.isPending}
      onSubmit={() =>
        update.mutate(values, { onSuccess: () => void navigate(modelPath(model.id)) })
      }
      problem={update.isError ? <Alert color="red">{errorMessage(update.error)}</Alert> : null}
      gap="md"
      maw={720}
    >
      <TextInput
        label="Name"
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        description="A model needs a name before it can be published."
      />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
      />
      <NumberInput
        label="Number of parameters"
        min={0}
        value={values.params}
        onChange={(v) => set('params', typeof v === 'number' ? v : Number(v) || 0)}
      />
      <TextInput
        label="Languages"
        value={values.languages}
        onChange={(e) => set('languages', e.currentTarget.value)}
      />
      <TextInput
        label="License"
        value={values.license}
        onChange={(e) => set('license', e.currentTarget.value)}
      />
      <TextInput
        label="Source URL"
        value={values.source_url}
        onChange={(e) => set('source_url', e.currentTarget.value)}
      />
      <Textarea
        label="Model card (Markdown)"
        autosize
        minRows={4}
        value={values.model_card}
        onChange={(e) => set('model_card', e.currentTarget.value)}
      />
      <Checkbox
        label="Anonymous: hide my identity on this model"
        checked={values.is_anonymous}
        onChange={(e) => set('is_anonymous', e.currentTarget.checked)}
      />
    </EditForm>
  );
}

function Editor({ id }: { id: number }) {
  const query = useModelDetail(id);
  useDocumentTitle('Edit model');
  if (query.isPending) return <PageLoader label="Loading the model…" />;
  if (query.isError) {
    if (isApiError(query.error) && [404, 405].includes(query.error.status))
      return <Navigate to="/" replace />;
    return <QueryErrorAlert title="The model could not be loaded" query={query} />;
  }
  if (!query.data.is_owner) return <Navigate to={modelPath(id)} replace />;
  return (
    <>
      <Title order={1} mb="xs">
        Edit model
      </Title>
      <Anchor component={Link} to={modelPath(id)} mb="md" display="block">
        Back to the model
      </Anchor>
      <ModelForm model={query.data} />
    </>
  );
}

/** /tasks/:taskCode/models/:modelId/updateModelInfo: the owner edits their model. */
export function UpdateModelInfoPage() {
  const { modelId = '', taskCode = '' } = useParams();
  const id = /^[1-9]\d{0,9}$/.test(modelId) ? Number(modelId) : null;
  if (id === null) return <Navigate to="/" replace />;
  return (
    <RequireLogin src={`/tasks/${taskCode}/models/${modelId}/updateModelInfo`}>
      <Container size="lg" py="xl">
        <Editor id={id} />
      </Container>
    </RequireLogin>
  );
}
