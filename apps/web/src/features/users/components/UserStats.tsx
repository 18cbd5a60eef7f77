import { type ReactNode } from 'react';
import { type UserPublic } from '@dynaloop/contract';
import { Stack } from '@mantine/core';
import { StatGrid } from '../../../components/StatGrid';
import { TitledSection } from '../../../components/TitledSection';
import { unverifiedErrorRate, verifiedErrorRate } from '../stats';

const numberFormat = new Intl.NumberFormat('en-US');

/** A user's contribution counters and model error rates. */
export function UserStats({ user }: { user: UserPublic }) {
  const count = (value: number) => numberFormat.format(value);
  return (
    <StatGrid
      stats={[
        { label: 'Examples submitted', value: count(user.examples_submitted) },
        { label: 'Examples verified', value: count(user.examples_verified) },
        { label: 'Fooled', value: count(user.total_fooled) },
        { label: 'Verified fooled', value: count(user.total_verified_fooled) },
        { label: 'Verified not correct', value: count(user.total_verified_not_correct_fooled) },
        { label: 'Retracted', value: count(user.total_retracted) },
        { label: 'Models submitted', value: count(user.models_submitted) },
        { label: 'Model error rate (unverified)', value: unverifiedErrorRate(user) },
        { label: 'Model error rate (verified)', value: verifiedErrorRate(user) },
      ]}
    />
  );
}

/** A user's statistics and badges, in two sections; `idPrefix` keeps their headings' ids apart. */
export function StatsAndBadges({
  user,
  badges,
  idPrefix,
}: {
  user: UserPublic;
  /** The badge list, or what stands for it while it loads. */
  badges: ReactNode;
  idPrefix: string;
}) {
  return (
    <Stack gap="xl">
      <TitledSection id={`${idPrefix}stats-title`} title="Statistics" size="h3">
        <UserStats user={user} />
      </TitledSection>
      <TitledSection id={`${idPrefix}badges-title`} title="Badges" size="h3">
        {badges}
      </TitledSection>
    </Stack>
  );
}
