import { useState } from 'react';
import { type UserForkItem } from '@dynaloop/contract';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PagedQuery } from '../../../components/PagedQuery';
import { TitledSection } from '../../../components/TitledSection';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { useUserForks } from '../api/get-user-forks';

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
  const query = useUserForks(userId, kind, page, size);
  const headingId = `${kind}-title`;
  return (
    <TitledSection id={headingId} title={title} size="h3">
      <PagedQuery
        query={query}
        loadingLabel={`Loading ${kind}…`}
        errorTitle={`${title} could not be loaded`}
        page={page}
        pageSize={size}
        onPageChange={setPage}
        pagesLabel={`${title} pages`}
      >
        {(data) => (
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
        )}
      </PagedQuery>
    </TitledSection>
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
