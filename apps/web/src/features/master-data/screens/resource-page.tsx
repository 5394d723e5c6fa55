import type { UseQueryResult } from '@tanstack/react-query';
import { T } from '../../../components/ui/text.tsx';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { resourcePaths } from '../paths.ts';
import { handleLoadFailure, type LoadFailure } from '../../../lib/failures.ts';
import { keyFromSearch } from '../api/key-query.ts';
import { isCompleteKey, type RecordKey, type ResourceRecord } from '../api/resource-api.ts';
import { useResourceRecord } from '../api/resource-hooks.ts';
import { Notice, Page } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import type { ResourceScreens } from '../declaration.ts';

/** An add, edit or view screen: the page with its heading, and a way back to the resource's list. */
export function ResourcePage({
  screens,
  title,
  actions,
  children,
}: {
  screens: ResourceScreens;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page title={title} actions={actions}>
      {children}
      <p>
        <Link to={resourcePaths[screens.resource.name].list}>
          <T>Back to the list</T>
        </Link>
      </p>
    </Page>
  );
}

/**
 * The record named by the address query (`id`, then the other key parts), with the catalogue's load failure
 * applied.
 */
export function useKeyedRecord(screens: ResourceScreens, onFailure: LoadFailure) {
  const [search] = useSearchParams();
  const key = keyFromSearch(screens.resource, search);
  const query = useResourceRecord(screens.resource, key);
  useEffect(() => {
    if (query.error) handleLoadFailure(query.error, onFailure);
  }, [query.error, onFailure]);
  return { key, query };
}

export function RecordState({
  recordKey,
  query,
  children,
}: {
  recordKey: RecordKey;
  query: UseQueryResult<ResourceRecord>;
  children: (record: ResourceRecord) => ReactNode;
}) {
  if (!isCompleteKey(recordKey))
    return <Notice kind="error">No record was chosen. Open it from the list.</Notice>;
  return (
    <QueryState query={query} failure={(error) => `The record could not be loaded: ${error.message}`}>
      {children}
    </QueryState>
  );
}
