import { type UserPrivate } from '@dynaloop/contract';
import { QueryStatus } from '../../../components/QueryStatus';
import { useUserWithBadges } from '../api/get-user-badges';
import { BadgeList } from './BadgeList';
import { StatsAndBadges } from './UserStats';

/** #stats: one's contribution counters, model error rates and badges. */
export function StatsTab({ user }: { user: UserPrivate }) {
  const badges = useUserWithBadges(user.id);
  return (
    <StatsAndBadges
      user={user}
      idPrefix=""
      badges={
        <QueryStatus
          query={badges}
          loadingLabel="Loading badges…"
          errorTitle="Badges could not be loaded"
        >
          {(data) => <BadgeList badges={data.badges} />}
        </QueryStatus>
      }
    />
  );
}
