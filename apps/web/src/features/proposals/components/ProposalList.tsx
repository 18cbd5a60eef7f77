import { useState } from 'react';
import { type TaskProposal } from '@dynaloop/contract';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { FormModal } from '../../../components/FormModal';
import { PagedQuery } from '../../../components/PagedQuery';
import { errorMessage } from '../../../lib/api';
import { useFormFields } from '../../../lib/form';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { useProcessProposal, useTaskProposals } from '../api/proposals';

const STATUS = {
  pending: { label: 'Pending', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'teal' },
  rejected: { label: 'Rejected', color: 'red' },
} as const;

function RejectModal({
  proposal,
  opened,
  onClose,
}: {
  proposal: TaskProposal;
  opened: boolean;
  onClose: () => void;
}) {
  const process = useProcessProposal();
  const { bind, handleSubmit, reset } = useFormFields({ changes: '' });

  function dismiss() {
    reset();
    process.reset();
    onClose();
  }

  const submit = handleSubmit(
    (values) => (values.changes.trim() ? {} : { changes: MESSAGES.required }),
    (values) =>
      process.mutate(
        { id: proposal.id, accept: false, changes: values.changes.trim() },
        { onSuccess: dismiss },
      ),
  );

  return (
    <FormModal
      opened={opened}
      onClose={dismiss}
      title={`Reject “${proposal.name}”`}
      label="Reject proposal"
      onSubmit={submit}
      submitLabel="Reject proposal"
      submitColor="red"
      submitting={process.isPending}
      gap="md"
    >
      <Text size="sm">Tell the proposer what to change; they can then propose the task again.</Text>
      {process.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(process.error)}
        </Alert>
      ) : null}
      <Textarea
        label="Requested changes"
        withAsterisk
        autosize
        minRows={3}
        maxRows={10}
        {...bind('changes')}
        data-autofocus
      />
    </FormModal>
  );
}

/** Accept and Reject for a pending proposal (admins). */
function ProposalActions({ proposal }: { proposal: TaskProposal }) {
  const accept = useProcessProposal();
  const [rejecting, setRejecting] = useState(false);
  return (
    <Stack gap="xs" mt="sm">
      {accept.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(accept.error)}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          color="teal"
          loading={accept.isPending}
          onClick={() => accept.mutate({ id: proposal.id, accept: true, changes: null })}
          aria-label={`Accept ${proposal.name}`}
        >
          Accept
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red"
          onClick={() => setRejecting(true)}
          aria-label={`Reject ${proposal.name}`}
        >
          Reject
        </Button>
      </Group>
      <RejectModal proposal={proposal} opened={rejecting} onClose={() => setRejecting(false)} />
    </Stack>
  );
}

function ProposalItem({ proposal, showAuthor }: { proposal: TaskProposal; showAuthor: boolean }) {
  const status = STATUS[proposal.status];
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>
            {proposal.name}{' '}
            <Text span size="sm" c="dimmed" ff="monospace">
              {proposal.task_code}
            </Text>
          </Text>
          <Text size="sm" mt={4}>
            {proposal.desc}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {showAuthor ? `Proposed by ${proposal.username ?? 'a deleted user'} · ` : ''}
            {formatRelativeTime(proposal.created_at)}
          </Text>
          {proposal.status === 'rejected' && proposal.changes ? (
            <Text size="sm" mt="xs">
              <Text span fw={600}>
                Requested changes:
              </Text>{' '}
              {proposal.changes}
            </Text>
          ) : null}
          {showAuthor && proposal.status === 'pending' ? (
            <ProposalActions proposal={proposal} />
          ) : null}
        </div>
        <Badge color={status.color} variant="light" tt="none">
          {status.label}
        </Badge>
      </Group>
    </Paper>
  );
}

/** Task proposals, 5 a page: one's own, or everyone's for admins (with who proposed them). */
export function ProposalList({ scope }: { scope: 'own' | 'everyone' }) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.proposals;
  const query = useTaskProposals(scope, page, size);
  return (
    <PagedQuery
      query={query}
      loadingLabel="Loading proposals…"
      errorTitle="Proposals could not be loaded"
      page={page}
      pageSize={size}
      onPageChange={setPage}
      pagesLabel="Proposal pages"
    >
      {(data) => (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.map((proposal) => (
            <ProposalItem key={proposal.id} proposal={proposal} showAuthor={scope === 'everyone'} />
          ))}
        </Stack>
      )}
    </PagedQuery>
  );
}
