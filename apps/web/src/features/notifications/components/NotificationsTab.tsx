import { useEffect, useRef, useState } from 'react';
import { type NotificationItem } from '@dynaloop/contract';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { MESSAGES, NOTIFICATION_TEXTS } from '@dynaloop/contract/messages';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { PagedQuery } from '../../../components/PagedQuery';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { useMarkNotificationsSeen, useNotifications } from '../api/notifications';

/** The text of a notification: a known type's sentence, or the message as the server wrote it. */
export function notificationText({ type, message }: NotificationItem): string {
  return NOTIFICATION_TEXTS[type]?.(message) ?? message;
}

function NotificationList({ items }: { items: NotificationItem[] }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <Text size="sm">{notificationText(item)}</Text>
            <Group gap="xs" wrap="nowrap">
              {item.seen ? null : (
                <Badge size="sm" color="red" variant="light">
                  New
                </Badge>
              )}
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={item.created}>{formatRelativeTime(item.created)}</time>
              </Text>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * #notifications: one's notifications, 10 a page. Once they are shown, all are marked seen
 * (one PUT per opening of the tab) and the navbar's counter is refreshed.
 */
export function NotificationsTab({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.notifications;
  const query = useNotifications(page, size);
  const { mutate: markSeen } = useMarkNotificationsSeen(userId);
  const marked = useRef(false);

  useEffect(() => {
    if (!query.isSuccess || marked.current) return;
    marked.current = true;
    markSeen();
  }, [query.isSuccess, markSeen]);

  return (
    <PagedQuery
      query={query}
      loadingLabel="Loading notifications…"
      errorTitle="Notifications could not be loaded"
      empty={MESSAGES.noNotificationsFound}
      page={page}
      pageSize={size}
      onPageChange={setPage}
      pagesLabel="Notification pages"
    >
      {(data) => <NotificationList items={data} />}
    </PagedQuery>
  );
}
