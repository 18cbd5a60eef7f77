import { useState } from 'react';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { Anchor, Avatar, Group, Table } from '@mantine/core';
import { Link } from 'react-router';
import { PagedQuery } from '../../../components/PagedQuery';
import { userProfilePath } from '../../auth/paths';
import { useUserLeaderboard } from '../api/get-user-leaderboard';

/**
 * The user leaderboard of a task page: rank, user (avatar and name, linking to the profile),
 * verified model error rate and totals; overall or for the round the page shows.
 */
export function UserLeaderboard({ taskId, round }: { taskId: number; round: number | null }) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.userLeaderboard;
  const query = useUserLeaderboard(taskId, round, page);
  return (
    <PagedQuery
      query={query}
      loadingLabel="Loading the user leaderboard…"
      errorTitle="The user leaderboard could not be loaded"
      page={page}
      pageSize={size}
      onPageChange={setPage}
      pagesLabel="User leaderboard pages"
    >
      {(data) => (
        <Table.ScrollContainer minWidth={420}>
          <Table striped highlightOnHover aria-label="User leaderboard">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={48}>
                  #
                </Table.Th>
                <Table.Th scope="col">User</Table.Th>
                <Table.Th scope="col" ta="right">
                  Verified MER
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Totals
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              {data.map((row, index) => (
                <Table.Tr key={row.uid}>
                  <Table.Td>{(page - 1) * size + index + 1}</Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar
                        src={row.avatar_url || null}
                        alt={`Avatar of ${row.username}`}
                        size="sm"
                        radius="xl"
                      />
                      <Anchor component={Link} to={`${userProfilePath(row.uid)}#profile`}>
                        {row.username}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{row.MER}%</Table.Td>
                  <Table.Td ta="right">{row.total}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PagedQuery>
  );
}
