import { type UserPrivate } from '@dynaloop/contract';
import { Stack, Title } from '@mantine/core';
import { QueryStatus } from '../../../components/QueryStatus';
import { useUserWithBadges } from '../../users/api/users';
import { BadgeList } from '../../users/components/BadgeList';
import { UserStats } from '../../users/components/UserStats';

/** #stats: one's contribution counters, model error rates and badges. */
export function StatsTab({ user }: { user: UserPrivate }) {
  const badges = useUserWithBadges(user.id);
  return (
    <Stack gap="xl">
      <section aria-labelledby="stats-title">
        <Title order={2} size="h3" id="stats-title" mb="sm">
          Statistics
        </Title>
        <UserStats user={user} />
      </section>
      <section aria-labelledby="badges-title">
        <Title order={2} size="h3" id="badges-title" mb="sm">
          Badges
        </Title>
        <QueryStatus
          query={badges}
          loadingLabel="Loading badges…"
          errorTitle="Badges could not be loaded"
        >
          {(data) => <BadgeList badges={data.badges} />}
        </QueryStatus>
      </section>
    </Stack>
  );
}
