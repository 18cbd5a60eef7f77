import { useState } from 'react';
import { type TaskProposal } from '@dynaloop/contract';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { ListPagination } from '../../../components/ListPagination';
import { QueryStatus } from '../../../components/QueryStatus';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { useTaskProposals } from '../api/account';

const STATUS = {
  pending: { label: 'Pending', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'teal' },
  rejected: { label: 'Rejected', color: 'red' },
} as const;

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
    <QueryStatus
      query={query}
      loadingLabel="Loading proposals…"
      errorTitle="Proposals could not be loaded"
    >
      {({ count, data }) =>
        count === 0 ? (
          <Text c="dimmed">{MESSAGES.noDataFound}</Text>
        ) : (
          <>
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {data.map((proposal) => (
                <ProposalItem
                  key={proposal.id}
                  proposal={proposal}
                  showAuthor={scope === 'everyone'}
                />
              ))}
            </Stack>
            <ListPagination
              count={count}
              pageSize={size}
              page={page}
              onChange={setPage}
              label="Proposal pages"
            />
          </>
        )
      }
    </QueryStatus>
  );
}
