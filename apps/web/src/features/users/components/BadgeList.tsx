import { type Badge as BadgeItem } from '@dynaloop/contract';
import { MESSAGES, badgeText } from '@dynaloop/contract/messages';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatRelativeTime } from '../../../lib/format-relative-time';

/** Badges with their friendly text ("Unknown badge" for names this version does not know). */
export function BadgeList({ badges }: { badges: BadgeItem[] }) {
  if (badges.length === 0) return <Text c="dimmed">{MESSAGES.noDataFound}</Text>;
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {badges.map((badge) => (
        <Group component="li" key={`${badge.name}-${badge.awarded}`} gap="sm" wrap="nowrap">
          <Badge variant="light" color="grape" size="lg" tt="none">
            {badgeText(badge.name)}
          </Badge>
          <Text size="sm" c="dimmed">
            awarded {formatRelativeTime(badge.awarded)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
