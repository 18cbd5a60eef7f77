import { type ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { useHashTab } from '../hooks/use-hash-tab';

export interface HashTab<T extends string> {
  value: T;
  label: string;
  content: ReactNode;
}

interface HashTabsProps<T extends string> {
  tabs: readonly HashTab<T>[];
  /** The tab shown when the hash names none. */
  fallback: T;
  /** Names the tab list, e.g. "Account sections". */
  label: string;
}

/** Tabs named by the location's hash (see useHashTab); only the open tab's panel is mounted. */
export function HashTabs<T extends string>({ tabs, fallback, label }: HashTabsProps<T>) {
  const [tab, setTab] = useHashTab(
    tabs.map((t) => t.value),
    fallback,
  );
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} mt="lg">
      <Tabs.List aria-label={label}>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="lg">
          {t.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
