import { type ReactNode } from 'react';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Text } from '@mantine/core';
import { type UseQueryResult } from '@tanstack/react-query';
import { ListPagination } from './ListPagination';
import { QueryStatus } from './QueryStatus';

interface PagedQueryProps<T> {
  /** One page of the list, and how many items the whole list has. */
  query: UseQueryResult<{ count: number; data: T[] }>;
  loadingLabel: string;
  errorTitle: string;
  /** What an empty list says. */
  empty?: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the page links' navigation landmark, e.g. "Model pages". */
  pagesLabel: string;
  children: (items: T[]) => ReactNode;
}

/** A paged list: its loader or error, "no data" when it is empty, else the page and page links. */
export function PagedQuery<T>({
  query,
  loadingLabel,
  errorTitle,
  empty = MESSAGES.noDataFound,
  page,
  pageSize,
  onPageChange,
  pagesLabel,
  children,
}: PagedQueryProps<T>) {
  return (
    <QueryStatus query={query} loadingLabel={loadingLabel} errorTitle={errorTitle}>
      {({ count, data }) =>
        count === 0 ? (
          <Text c="dimmed">{empty}</Text>
        ) : (
          <>
            {children(data)}
            <ListPagination
              count={count}
              pageSize={pageSize}
              page={page}
              onChange={onPageChange}
              label={pagesLabel}
            />
          </>
        )
      }
    </QueryStatus>
  );
}
