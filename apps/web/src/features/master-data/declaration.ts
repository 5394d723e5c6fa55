import type { AnyResource, CapabilityKey, EnumDef, JobSummary } from '@exam/contracts';
import type { FailurePolicy, LoadFailure } from '../../lib/failures.ts';
import { intlLocale } from '../../lib/i18n.ts';
import type { OptionSource } from './api/options.ts';
import type { PageSource, ResourceRecord } from './api/resource-api.ts';

/**
 * A column of a list or view: a field, with the header the spec gives it when that differs from the field's
 * label.
 */
export type Column = string | { field: string; header: string };
export type RowAction = 'view' | 'edit' | 'delete';

/**
 * Everything that differs between the master-data screens of one resource. The generic list, view, add and
 * edit screens read it; a per-entity file declares nothing else.
 */
export interface ResourceScreens {
  resource: AnyResource;
  /** What staff read for each field, on forms and as column headers. */
  labels: Record<string, string>;
  /**
   * A short help text for a field whose label is a column name of the spec ("Th Pr Id"): shown under the
   * label and read with the field (aria-describedby). The label itself stays the spec's wording.
   */
  help?: Record<string, string>;
  /** Fields chosen from an enumeration of the contracts (dropdowns; lists show the label). */
  enums?: Record<string, EnumDef>;
  /** Fields chosen from rows of another resource (dropdowns). */
  lookups?: Record<string, OptionSource>;
  /**
   * Fields written in another language than the page's English, by BCP 47 tag (`hi` for the Hindi names):
   * their inputs carry `lang`, so the browser offers the right keyboard, spell checker and font.
   */
  lang?: Record<string, string>;
  /** Fields edited in a text area rather than a line (a rule set's rules, as JSON). */
  multiline?: string[];
  /** Read-only lines a view computes from the whole record (a paper-semester link's marks-scheme check). */
  computed?: Record<string, (record: Record<string, unknown>) => string>;
  /**
   * The field naming a record to people, after its key (default: the first `..._name` or `..._desc` field).
   */
  nameField?: string;
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
  /**
   * `row`: the spec's single-row table; `record`: one line per field, for records too wide for a row. `jobs`:
   * long work the view starts (a printout), each a button for holders of its capability, then its progress
   * and file. `loadFailure`: the legacy screens sign out when the record cannot be loaded (spec section 8,
   * the default); newer ones say so on the page (`record`), e.g. a college out of a faculty user's scope.
   */
  view: {
    heading: string;
    columns: Column[];
    addLabel?: string;
    layout?: 'row' | 'record';
    jobs?: RecordJob[];
    loadFailure?: LoadFailure;
    /**
     * Screens that act on the record shown, as links for roles that may write ("Copy another session into
     * this one").
     */
    links?: { label: string; to: (record: ResourceRecord) => string }[];
  };
  /**
   * `carryOver`: fields an "Add and add another" keeps for the next record (session, course combination,
   * semester), with `anotherLabel` its button; without them the screen has only the spec's submit button.
   */
  add: {
    heading: string;
    fields: string[];
    submitLabel: string;
    carryOver?: string[];
    anotherLabel?: string;
  };
  edit?: { heading: string; fields: string[]; submitLabel: string; successMessage?: string };
}

/** A job a record's view can start, e.g. printing the record's letter. */
export interface RecordJob {
  /** The button: "Print affiliation letter". */
  label: string;
  /** Who sees the button (the API refuses anyone else with 403 anyway). */
  capability: CapabilityKey;
  /** What one unit of the job's progress is, plural: "letters". */
  unit: string;
  /** Starts the job for the record shown, answering the job of the `202 {job}`. */
  start: (record: ResourceRecord) => Promise<JobSummary>;
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

/** Timestamps through Intl in the screens' language (Indian style: en-IN, or hi-IN in Hindi). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = () => {
  const locale = intlLocale();
  if (!dateFormats.has(locale))
    dateFormats.set(locale, new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
  return dateFormats.get(locale)!;
};

export const isTimestamp = (field: string) => field === 'created_at' || field === 'updated_at';

/**
 * A value as a list or view shows it: enumerations by label, timestamps in Indian format, JSON as text, empty
 * as blank.
 */
export function displayValue(screens: ResourceScreens, field: string, value: unknown): string {
  if (value == null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // Indented JSON: its line breaks read as spaces in a cell, so a long value wraps.
  if (typeof value === 'object') return JSON.stringify(value, null, 1);
  const def = screens.enums?.[field];
  if (def) return def.labelOf(value);
  if (isTimestamp(field) && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : dateFormat().format(date);
  }
  return String(value);
}

/**
 * How a record is named to people (a confirmation, a history): its key, then its name or description ("ENG101
 * English Prose and Grammar").
 */
export function recordLabel(screens: ResourceScreens, row: ResourceRecord): string {
  const key = (screens.resource.keyFields as readonly string[])
    .map((field) => row[field])
    .filter((v) => v != null && v !== '');
  const nameField =
    screens.nameField ??
    Object.keys(row).find(
      (field) =>
        /_(name|desc|disc1?)$/.test(field) &&
        typeof row[field] === 'string' &&
        !(screens.resource.keyFields as readonly string[]).includes(field),
    );
  const name = nameField ? row[nameField] : undefined;
  return [...key.map(String), ...(name ? [String(name)] : [])].join(' ');
}
