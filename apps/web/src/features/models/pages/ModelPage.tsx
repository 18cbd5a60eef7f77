import { type ModelDetail } from '@dynaloop/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/ErrorAlert';
import { Markdown } from '../../../components/Markdown';
import { PageLoader } from '../../../components/PageLoader';
import { TitledSection } from '../../../components/TitledSection';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage, isApiError } from '../../../lib/api';
import { taskPath } from '../../tasks/paths';
import {
  useModelDetail,
  useModelEvents,
  useToggleModelStatus,
  useUpdateModel,
} from '../api/models';
import { DeploymentStatus } from '../components/DeploymentStatus';
import { EvaluationStatuses } from '../components/EvaluationStatuses';
import { ScoresTable } from '../components/ScoresTable';
import { TagHeatmap } from '../components/TagHeatmap';
import { updateModelInfoPath } from '../paths';

function OwnerControls({ model }: { model: ModelDetail }) {
  const navigate = useNavigate();
  const toggle = useToggleModelStatus(model.id);
  const update = useUpdateModel(model.id);
  const [badges, setBadges] = useState<string[]>([]);
  const publish = () => {
    // Publishing needs a name: without one, the owner is sent to the edit page.
    if (!model.is_published && model.name.trim() === '') {
      void navigate(updateModelInfoPath(model.task_code, model.id));
      return;
    }
    toggle.mutate(undefined, { onSuccess: (r) => setBadges(r.badges) });
  };
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Badge color={model.is_published ? 'teal' : 'gray'} variant="light" tt="none" size="lg">
          {model.is_published ? 'Published' : 'Unpublished'}
        </Badge>
        <Button
          component={Link}
          to={updateModelInfoPath(model.task_code, model.id)}
          variant="light"
        >
          Edit
        </Button>
        <Button onClick={publish} loading={toggle.isPending}>
          {model.is_published ? 'Unpublish' : 'Publish'}
        </Button>
      </Group>
      <Switch
        label="Anonymous: hide my identity on this model's page and the leaderboards"
        checked={model.is_anonymous}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ is_anonymous: e.currentTarget.checked })}
      />
      {toggle.isError ? <Alert color="red">{errorMessage(toggle.error)}</Alert> : null}
      {update.isError ? <Alert color="red">{errorMessage(update.error)}</Alert> : null}
      <Modal opened={badges.length > 0} onClose={() => setBadges([])} title="Badges earned">
        <Text>{badges.join(', ')}</Text>
      </Modal>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={200}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

function Overview({ model }: { model: ModelDetail }) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const canDownload = (s: { dataset_log_access_type: 'owner' | 'user' }) =>
    model.is_task_admin || (model.is_owner && s.dataset_log_access_type === 'user');
  const scores = [...model.leaderboard_scores, ...model.non_leaderboard_scores];
  const pending = [
    ...model.leaderboard_evaluation_statuses,
    ...model.non_leaderboard_evaluation_statuses,
    ...model.hidden_evaluation_statuses,
  ];
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{model.name || 'Unnamed model'}</Title>
          <Text c="dimmed">
            <Anchor component={Link} to={taskPath(model.task_code)}>
              {model.task_name}
            </Anchor>{' '}
            ·{' '}
            {model.username && model.uid !== null ? (
              <Anchor component={Link} to={`/users/${String(model.uid)}#profile`}>
                {model.username}
              </Anchor>
            ) : (
              <span>Anonymous</span>
            )}
          </Text>
        </div>
        {model.is_owner ? <OwnerControls model={model} /> : null}
        <TitledSection id="model-overview" title="Overview">
          <Table aria-label="Model information">
            <Table.Tbody>
              <Field label="Deployment status">
                <DeploymentStatus status={model.deployment_status} />
              </Field>
              <Field label="Description">{model.longdesc || '—'}</Field>
              <Field label="Parameters">{model.params.toLocaleString()}</Field>
              <Field label="Languages">{model.languages || '—'}</Field>
              <Field label="License">{model.license || '—'}</Field>
              <Field label="Source">
                {model.source_url ? (
                  <Anchor href={model.source_url} target="_blank" rel="noreferrer">
                    {model.source_url}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Field>
              <Field label="Uploaded">{new Date(model.upload_datetime).toLocaleString()}</Field>
              {model.light_model ? <Field label="Endpoint">{model.light_model}</Field> : null}
            </Table.Tbody>
          </Table>
        </TitledSection>
        {downloadError ? (
          <Alert color="red" title="Oh no!!" withCloseButton onClose={() => setDownloadError(null)}>
            {downloadError}
          </Alert>
        ) : null}
        <TitledSection id="model-evaluations" title="Evaluation">
          {pending.length ? (
            <EvaluationStatuses statuses={pending} />
          ) : (
            <Text c="dimmed" size="sm">
              Every evaluation is complete.
            </Text>
          )}
        </TitledSection>
        <TitledSection id="model-scores" title="Scores">
          {scores.length ? (
            <ScoresTable
              modelId={model.id}
              label="Scores"
              scores={scores}
              canDownload={canDownload}
              onDownloadError={setDownloadError}
            />
          ) : (
            <Text c="dimmed">No scores yet.</Text>
          )}
        </TitledSection>
        <TitledSection id="model-heatmap" title="Scores by tag">
          <TagHeatmap scores={scores} />
        </TitledSection>
        {model.model_card ? (
          <TitledSection id="model-card" title="Model card">
            <Markdown>{model.model_card}</Markdown>
          </TitledSection>
        ) : null}
      </Stack>
    </Container>
  );
}

function ModelView({ id }: { id: number }) {
  const query = useModelDetail(id);
  useModelEvents(id, query.isSuccess);
  useDocumentTitle(query.data?.name || 'Model');
  if (query.isPending) return <PageLoader label="Loading the model…" />;
  if (query.isError) {
    if (isApiError(query.error) && [404, 405].includes(query.error.status))
      return <Navigate to="/" replace />;
    return (
      <Container size="lg" py="xl">
        <QueryErrorAlert title="The model could not be loaded" query={query} />
      </Container>
    );
  }
  return <Overview model={query.data} />;
}

/** /models/:modelId and /tasks/:taskCode/models/:modelId: the model overview. */
export function ModelPage() {
  const { modelId = '' } = useParams();
  const id = /^[1-9]\d{0,9}$/.test(modelId) ? Number(modelId) : null;
  if (id === null) return <Navigate to="/" replace />;
  return <ModelView id={id} />;
}
