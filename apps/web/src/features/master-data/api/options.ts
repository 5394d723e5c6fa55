import type { AnyResource, EnumDef } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.ts';
import { MAX_LIMIT, type ResourceRecord } from './resource-api.ts';

export interface Option {
  value: string;
  label: string;
}

/** Where a dropdown's options come from: an enumeration of the contracts, or rows of the API. */
export type OptionSource =
  | { kind: 'enum'; def: EnumDef }
  | {
      kind: 'rows';
      /** The resource the rows belong to: its writes refresh the dropdown. */
      resource: AnyResource;
      /** The call that answers the rows, or null while a field it depends on is empty. */
      path: (values: Record<string, string>) => string | null;
      responseKey: string;
      value: string;
      label: (row: ResourceRecord) => string;
      /** Fields whose values the call needs. */
      dependsOn?: readonly string[];
    };

export const enumOptions = (def: EnumDef): Option[] =>
  def.options.map((o) => ({ value: String(o.value), label: o.label }));

const text = (value: unknown) => (value == null ? '' : String(value));
/** The label the spec names, or the id when a row has none, so no option is blank. */
export const labelOr = (labelField: string, fallbackField: string) => (row: ResourceRecord) =>
  text(row[labelField]) || text(row[fallbackField]);

/** Every row of a resource, for a dropdown. */
export function rowsOf(resource: AnyResource, label: (row: ResourceRecord) => string): OptionSource {
  return {
    kind: 'rows',
    resource,
    path: () => `/${resource.path}?limit=${MAX_LIMIT}`,
    responseKey: resource.responseKey,
    value: resource.keyFields[0],
    label,
  };
}

export function useOptions(source: OptionSource, values: Record<string, string>) {
  const path = source.kind === 'rows' ? source.path(values) : null;
  const query = useQuery({
    queryKey: source.kind === 'rows' ? [source.resource.name, 'options', path] : ['enum'],
    enabled: source.kind === 'rows' && path !== null,
    queryFn: async ({ signal }) => {
      if (source.kind !== 'rows' || path === null) return [];
      const answer = await request<Record<string, unknown>>(path, { signal });
      const rows = (answer?.[source.responseKey] ?? []) as ResourceRecord[];
      return rows.map((row) => ({ value: text(row[source.value]), label: source.label(row) }));
    },
  });
  if (source.kind === 'enum')
    return { options: enumOptions(source.def), loading: false, error: null, waiting: false };
  return { options: query.data ?? [], loading: query.isFetching, error: query.error, waiting: path === null };
}
