import { listFilterFields } from '@exam/contracts';
import { rowsOf, useOptions, type OptionSource } from '../api/options.ts';
import type { ResourceScreens } from '../declaration.ts';
import { OptionList } from './option-select.tsx';

/**
 * The fields a list screen offers as filters: the resource's filter fields (keys, parents, enumerations)
 * except a resource's only key (filtering on it would show one row; the search does that).
 */
export function filterFieldsOf(screens: ResourceScreens): string[] {
  const { resource } = screens;
  return listFilterFields(resource).filter(
    (field) => !(resource.keyFields.length === 1 && resource.keyFields[0] === field),
  );
}

/**
 * The filters in the address (`?session_id=2024-25&sem_id=1`): only the screen's filter fields, never empty
 * ones.
 */
export function filtersFromSearch(screens: ResourceScreens, search: URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    filterFieldsOf(screens).flatMap((field) => (search.get(field) ? [[field, search.get(field)!]] : [])),
  );
}

/**
 * Where a filter's choices come from: the form's dropdown source, without what it depends on when that is not
 * chosen.
 */
function sourceOf(
  screens: ResourceScreens,
  field: string,
  filters: Record<string, string>,
): OptionSource | undefined {
  const lookup = screens.lookups?.[field];
  if (lookup?.kind === 'rows' && (lookup.dependsOn ?? []).some((dep) => !filters[dep]))
    return rowsOf(lookup.resource, lookup.label);
  if (lookup) return lookup;
  const def = screens.enums?.[field];
  return def ? { kind: 'enum', def } : undefined;
}

export interface FilterText {
  legend: string;
  all: string;
  clear: string;
  apply: string;
  active: (count: number) => string;
}

interface ListFiltersProps {
  screens: ResourceScreens;
  filters: Record<string, string>;
  onChange: (changes: Record<string, string | null>) => void;
  text: FilterText;
  label: (field: string) => string;
}

function FilterSelect({
  id,
  source,
  value,
  filters,
  onChange,
  all,
}: {
  id: string;
  source: OptionSource;
  value: string;
  filters: Record<string, string>;
  onChange: (value: string) => void;
  all: string;
}) {
  const { options, loading } = useOptions(source, filters);
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-busy={loading}>
      <option value="">{all}</option>
      <OptionList value={value} options={options} />
    </select>
  );
}

/**
 * A list's filters, one control per filter field: a dropdown where the form has one (rows or an enumeration),
 * otherwise a code typed and applied with Enter. Each change goes to the address, so Back and bookmarks keep
 * it.
 */
export function ListFilters({ screens, filters, onChange, text, label }: ListFiltersProps) {
  const fields = filterFieldsOf(screens);
  if (fields.length === 0) return null;
  const active = Object.keys(filters).length;
  const idOf = (field: string) => `${screens.resource.name}-filter-${field}`;
  return (
    <details className="list-filters no-print" open={active > 0 || undefined}>
      <summary>
        {text.legend}
        {active > 0 && <span className="filter-count"> ({text.active(active)})</span>}
      </summary>
      <form
        className="filter-grid"
        aria-label={text.legend}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          onChange(
            Object.fromEntries(
              fields.filter((f) => data.has(f)).map((f) => [f, String(data.get(f) ?? '').trim() || null]),
            ),
          );
        }}
      >
        {fields.map((field) => {
          const source = sourceOf(screens, field, filters);
          return (
            <div className="filter-field" key={field}>
              <label htmlFor={idOf(field)}>{label(field)}</label>
              {source ? (
                <FilterSelect
                  id={idOf(field)}
                  source={source}
                  value={filters[field] ?? ''}
                  filters={filters}
                  all={text.all}
                  onChange={(value) => onChange({ [field]: value || null })}
                />
              ) : (
                <input
                  id={idOf(field)}
                  name={field}
                  type="text"
                  defaultValue={filters[field] ?? ''}
                  key={filters[field] ?? ''}
                />
              )}
            </div>
          );
        })}
        <div className="filter-buttons">
          {fields.some((field) => !sourceOf(screens, field, filters)) && (
            <button type="submit" className="button secondary small">
              {text.apply}
            </button>
          )}
          <button
            type="button"
            className="button secondary small"
            disabled={active === 0}
            onClick={() => onChange(Object.fromEntries(fields.map((field) => [field, null])))}
          >
            {text.clear}
          </button>
        </div>
      </form>
    </details>
  );
}
