import type { AnyResource, EnumDef } from '@exam/contracts';
import type { FailurePolicy } from '../../lib/failures.ts';
import type { OptionSource } from '../../lib/options.ts';
import type { PageSource } from '../../lib/resource-api.ts';

/** A column of a list or view: a field, with the header the spec gives it when that differs from the field's label. */
export type Column = string | { field: string; header: string };
export type RowAction = 'view' | 'edit' | 'delete';

/**
 * Everything that differs between the master-data screens of one resource. The generic list, view, add and edit
 * screens read it; a per-entity file declares nothing else.
 */
export interface ResourceScreens {
  resource: AnyResource;
  /** What staff read for each field, on forms and as column headers. */
  labels: Record<string, string>;
  /** Fields chosen from an enumeration of the contracts (dropdowns; lists show the label). */
  enums?: Record<string, EnumDef>;
  /** Fields chosen from rows of another resource (dropdowns). */
  lookups?: Record<string, OptionSource>;
  failures: FailurePolicy;
  list: {
    heading: string;
    addLabel: string;
    columns: Column[];
    actions: RowAction[];
    /** paperinfosem shows Action before S N. */
    actionColumn?: 'first' | 'last';
    deleteConfirm: string;
    pageSource?: PageSource;
    searchable?: boolean;
  };
  /** `row`: the spec's single-row table; `record`: one line per field, for records too wide for a row. */
  view: { heading: string; columns: Column[]; addLabel?: string; layout?: 'row' | 'record' };
  add: { heading: string; fields: string[]; submitLabel: string };
  edit?: { heading: string; fields: string[]; submitLabel: string; successMessage?: string };
}

/** Every resource answers its timestamps; their labels are the same everywhere. */
const timestampLabels = { created_at: 'Created At', updated_at: 'Updated At' };

export const defineScreens = (screens: ResourceScreens): ResourceScreens => ({
  ...screens,
  labels: { ...timestampLabels, ...screens.labels },
});

export const columnField = (column: Column) => (typeof column === 'string' ? column : column.field);
export const columnHeader = (screens: ResourceScreens, column: Column) =>
  typeof column === 'string' ? (screens.labels[column] ?? column) : column.header;

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export const isTimestamp = (field: string) => field === 'created_at' || field === 'updated_at';

/** A value as a list or view shows it: enumerations by label, timestamps in Indian format, empty as blank. */
export function displayValue(screens: ResourceScreens, field: string, value: unknown): string {
  if (value == null || value === '') return '';
  const def = screens.enums?.[field];
  if (def) return def.labelOf(value);
  if (isTimestamp(field) && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
  }
  return String(value);
}
