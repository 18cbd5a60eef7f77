import { type ReactNode } from 'react';
import { type UseQueryResult } from '@tanstack/react-query';
import { ErrorAlert } from './ErrorAlert';
import { PageLoader } from './PageLoader';

interface QueryStatusProps<T> {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  children: (data: T) => ReactNode;
}

/** A query's loader, its error (with Retry), or `children` with its data. */
export function QueryStatus<T>({ query, loadingLabel, errorTitle, children }: QueryStatusProps<T>) {
  if (query.isPending) return <PageLoader label={loadingLabel} />;
  if (query.isError) {
    return (
      <ErrorAlert
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}
