import { useState } from 'react';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/ListPagination';
import { QueryStatus } from '../../../components/QueryStatus';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { type UserForkItem, useUserList } from '../../users/api/users';

/** The leaderboard page of a fork or snapshot. */
export function leaderboardPath(item: UserForkItem): string {
  return `/tasks/${item.task.task_code}/${encodeURIComponent(item.name)}`;
}

function LeaderboardList({
  userId,
  kind,
  title,
}: {
  userId: number;
  kind: 'forks' | 'snapshots';
  title: string;
}) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.forksAndSnapshots;
  const query = useUserList(userId, kind, page, size);
  const headingId = `${kind}-title`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {title}
      </Title>
      <QueryStatus
        query={query}
        loadingLabel={`Loading ${kind}…`}
        errorTitle={`${title} could not be loaded`}
      >
        {({ count, data }) =>
          count === 0 ? (
            <Text c="dimmed">{MESSAGES.noDataFound}</Text>
          ) : (
            <>
              <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                {data.map((item) => (
                  <li key={`${String(item.tid)}-${item.name}`}>
                    <Anchor component={Link} to={leaderboardPath(item)} fw={500}>
                      {item.name}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      · {item.task.task_code} · created {formatRelativeTime(item.create_datetime)}
                    </Text>
                    {item.desc ? <Text size="sm">{item.desc}</Text> : null}
                  </li>
                ))}
              </Stack>
              <ListPagination
                count={count}
                pageSize={size}
                page={page}
                onChange={setPage}
                label={`${title} pages`}
              />
            </>
          )
        }
      </QueryStatus>
    </section>
  );
}

/** #forks-and-snapshots: one's leaderboard forks and snapshots, 5 a page each. */
export function ForksAndSnapshotsTab({ userId }: { userId: number }) {
  return (
    <Stack gap="xl">
      <LeaderboardList userId={userId} kind="forks" title="Forks" />
      <LeaderboardList userId={userId} kind="snapshots" title="Snapshots" />
    </Stack>
  );
}
