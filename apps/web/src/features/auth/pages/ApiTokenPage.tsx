import { useState } from 'react';
import { type ApiTokenItem } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import {
  Button,
  Code,
  Container,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SecretOnce } from '../../../components/SecretOnce';
import { QueryStatus } from '../../../components/QueryStatus';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { useApiTokens, useGenerateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { RequireLogin } from '../components/RequireLogin';
import { TitledSection } from '../../../components/TitledSection';

function NewToken({ token }: { token: string }) {
  return (
    <SecretOnce title="Your new API token" value={token} label="API token">
      Copy it now and keep it somewhere safe: it will not be shown again. Send it as{' '}
      <Code>Authorization: Bearer &lt;token&gt;</Code>.
    </SecretOnce>
  );
}

function RevokeModal({ token, onClose }: { token: ApiTokenItem | null; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  function close() {
    revoke.reset();
    onClose();
  }
  return (
    <ConfirmModal
      opened={token !== null}
      title="Revoke API token"
      confirmLabel="Revoke"
      color="red"
      onConfirm={() => {
        if (token) revoke.mutate(token.id, { onSuccess: close });
      }}
      onClose={close}
      loading={revoke.isPending}
      error={revoke.isError ? revoke.error : undefined}
      focusConfirm={false}
    >
      <Text size="sm">
        Programs using the token starting with <Code>{token?.prefix}</Code> will no longer be able
        to call the API. This cannot be undone.
      </Text>
    </ConfirmModal>
  );
}

function TokenTable({ tokens }: { tokens: ApiTokenItem[] }) {
  const [revoking, setRevoking] = useState<ApiTokenItem | null>(null);
  if (tokens.length === 0) return <Text c="dimmed">{MESSAGES.noDataFound}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover aria-label="Your API tokens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Prefix</Table.Th>
              <Table.Th scope="col">Created</Table.Th>
              <Table.Th scope="col">Last used</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>
                  <Code>{token.prefix}…</Code>
                </Table.Td>
                <Table.Td>{formatRelativeTime(token.created_at)}</Table.Td>
                <Table.Td>{formatRelativeTime(token.last_used_at)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => setRevoking(token)}
                    aria-label={`Revoke the token starting with ${token.prefix}`}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <RevokeModal token={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function ApiTokens() {
  const generate = useGenerateApiToken();
  const tokens = useApiTokens();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>API token</Title>
          <Text c="dimmed" mt="xs">
            Programs can call the Dynaloop API on your behalf with an API token, e.g. to upload
            models or fetch results. Treat it like a password.
          </Text>
        </div>
        <Group>
          <Button onClick={() => generate.mutate()} loading={generate.isPending}>
            Generate API token
          </Button>
        </Group>
        {generate.isError ? (
          <ErrorAlert title="The token could not be created" error={generate.error} />
        ) : null}
        {generate.data ? <NewToken token={generate.data.api_token} /> : null}
        <TitledSection id="api-tokens-title" title="Your tokens" size="h3">
          <QueryStatus
            query={tokens}
            loadingLabel="Loading your tokens…"
            errorTitle="Your tokens could not be loaded"
          >
            {(data) => <TokenTable tokens={data.data} />}
          </QueryStatus>
        </TitledSection>
      </Stack>
    </Container>
  );
}

export function ApiTokenPage() {
  useDocumentTitle('API token');
  return (
    <RequireLogin src="/generate_api_token">
      <ApiTokens />
    </RequireLogin>
  );
}
