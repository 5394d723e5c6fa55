import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading, Notice } from './page.tsx';

/** Loading, then either the failure in words or the data. */
export function QueryState<T>({
  query,
  failure,
  children,
}: {
  query: UseQueryResult<T>;
  failure: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <Notice kind="error">{failure(query.error)}</Notice>;
  return <>{children(query.data)}</>;
}
