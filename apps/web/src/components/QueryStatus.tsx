import { type ReactNode } from 'react';
import { type UseQueryResult } from '@tanstack/react-query';
import { QueryErrorAlert } from './ErrorAlert';
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
    return <QueryErrorAlert title={errorTitle} query={query} />;
  }
  return children(query.data);
}
