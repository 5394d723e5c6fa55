import { rulesetRules, rulesetScheme, rulesetStatus } from '@exam/contracts';
import { Fragment, useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Loading, Notice, Page } from '../../components/ui/page.tsx';
import { useT } from '../../lib/i18n.ts';
import { rulesetLabel, useRuleset, useRulesets, type RulesetRow } from './results-api.ts';
import { cellKey, ruleDifferences, ruleSections, type Cell, type RuleSection } from './ruleset-tables.ts';
import { PickerField } from '../../components/ui/picker-field.tsx';
import './results.css';
import { ScrollRegion } from './scroll-region.tsx';

/** Paths of the rule-set screens (the master-data lists keep add and edit). */
export const rulesPath = '/RuleSetRules';
export const comparePath = '/CompareRuleSets';
export const rulesLink = (r: Pick<RulesetRow, 'ruleset_id' | 'version'>) =>
  `${rulesPath}?ruleset_id=${encodeURIComponent(r.ruleset_id)}&version=${r.version}`;
export const compareLink = (a: string, b: string) =>
  `${comparePath}?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`;

/**
 * A phrase's values in the screens' language too ("half up" inside "2 decimals, half up"); numbers stay as
 * they are.
 */
const useTranslatedValues = () => {
  const { t } = useT();
  return (values?: Record<string, string>) =>
    values ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, t(v)])) : values;
};

/** One cell of a rule table, in the screens' language. */
export function CellText({ cell }: { cell: Cell }) {
  const { t } = useT();
  const translated = useTranslatedValues();
  if (typeof cell === 'string') return <>{t(cell)}</>;
  const phrases = Array.isArray(cell) ? cell : [cell];
  if (!phrases.length) return <>—</>;
  // One line per phrase: a grace rule's conditions read as a short list, not one long sentence.
  return (
    <span className="phrases">
      {phrases.map((ph, i) => (
        <span key={i}>
          {t(ph.text, translated(ph.values))}
          {i < phrases.length - 1 ? ';' : ''}
        </span>
      ))}
    </span>
  );
}

/** The earlier version of the same rule set, for "compare with previous". */
const previousOf = (rows: RulesetRow[], r: RulesetRow) =>
  rows
    .filter((x) => x.ruleset_id === r.ruleset_id && x.version < r.version)
    .sort((a, b) => b.version - a.version)[0];

function RulesetFacts({ r }: { r: RulesetRow }) {
  const { t } = useT();
  return (
    <dl className="result-facts">
      <div>
        <dt>{t('Rule set')}</dt>
        <dd>{r.ruleset_id}</dd>
      </div>
      <div>
        <dt>{t('Version')}</dt>
        <dd>{r.version}</dd>
      </div>
      <div>
        <dt>{t('Title')}</dt>
        <dd>{r.title}</dd>
      </div>
      <div>
        <dt>{t('Scheme')}</dt>
        <dd>{t(rulesetScheme.labelOf(r.scheme))}</dd>
      </div>
      <div>
        <dt>{t('With Effect From Session')}</dt>
        <dd>{r.wef_session_id ?? '—'}</dd>
      </div>
      <div>
        <dt>{t('Status')}</dt>
        <dd>{t(rulesetStatus.labelOf(r.status))}</dd>
      </div>
      <div>
        <dt>{t('Locked')}</dt>
        <dd>{t(r.locked ? 'Yes: a published result used it; a change is a new version' : 'No')}</dd>
      </div>
    </dl>
  );
}

function SectionTable({ section, headingLevel = 2 }: { section: RuleSection; headingLevel?: 2 | 3 }) {
  const { t } = useT();
  const id = useId();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="rule-section" aria-labelledby={id}>
      <H id={id}>{t(section.title)}</H>
      {section.rows.length === 0 ? (
        <p>{t('None in this rule set')}</p>
      ) : (
        <ScrollRegion label={t(section.title)}>
          <table className="data-table rule-table">
            <thead>
              <tr>
                {section.columns.map((c) => (
                  <th key={c} scope="col">
                    {t(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        <CellText cell={cell} />
                      </th>
                    ) : (
                      <td key={i}>
                        <CellText cell={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

/** Every rule set version, with its rules and a comparison with the version before. */
function RulesetList() {
  const { t } = useT();
  const list = useRulesets();
  if (list.isPending) return <Loading />;
  if (list.isError) return <Notice kind="error">{list.error.message}</Notice>;
  const rows = list.data;
  return (
    <ScrollRegion label={t('Rule sets and their versions')}>
      <table className="data-table">
        <caption>{t('Rule sets and their versions')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Rule set')}</th>
            <th scope="col">{t('Version')}</th>
            <th scope="col">{t('Scheme')}</th>
            <th scope="col">{t('Title')}</th>
            <th scope="col">{t('With Effect From Session')}</th>
            <th scope="col">{t('Status')}</th>
            <th scope="col">{t('Locked')}</th>
            <th scope="col">{t('Action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const previous = previousOf(rows, r);
            const compare = previous && t('Compare with version {{v}}', { v: previous.version });
            return (
              <tr key={rulesetLabel(r)}>
                <th scope="row">{r.ruleset_id}</th>
                <td>{r.version}</td>
                <td>{r.scheme}</td>
                <td>{r.title}</td>
                <td>{r.wef_session_id ?? '—'}</td>
                <td>{t(rulesetStatus.labelOf(r.status))}</td>
                <td>{t(r.locked ? 'Yes' : 'No')}</td>
                <td className="row-actions">
                  <Link to={rulesLink(r)} aria-label={`${t('Rules')} ${rulesetLabel(r)}`}>
                    {t('Rules')}
                  </Link>
                  {previous && (
                    <Link
                      to={compareLink(rulesetLabel(previous), rulesetLabel(r))}
                      aria-label={`${compare} ${rulesetLabel(r)}`}
                    >
                      {compare}
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** /RuleSetRules: the list of rule sets, or (?ruleset_id=&version=) one version's rules as tables. */
export function RuleSetRulesScreen() {
  const { t } = useT();
  const [search] = useSearchParams();
  const id = search.get('ruleset_id') ?? '';
  const version = search.get('version') ?? '';
  const one = useRuleset(id, version);
  const all = useRulesets();
  if (!id) {
    return (
      <Page
        title="Rule set rules"
        actions={
          <Link className="button secondary" to={comparePath}>
            {t('Compare two versions')}
          </Link>
        }
      >
        <RulesetList />
      </Page>
    );
  }
  const r = one.data;
  const parsed = r ? rulesetRules.safeParse(r.rules) : null;
  const previous = r && all.data ? previousOf(all.data, r) : undefined;
  return (
    <Page
      title="Rule set rules"
      actions={
        <Link className="button secondary" to={rulesPath}>
          {t('All rule sets')}
        </Link>
      }
    >
      {one.isPending && <Loading />}
      {one.isError && <Notice kind="error">{one.error.message}</Notice>}
      {r && (
        <>
          <RulesetFacts r={r} />
          {previous && (
            <p>
              <Link to={compareLink(rulesetLabel(previous), rulesetLabel(r))}>
                {t('Compare with version {{v}}', { v: previous.version })}
              </Link>
            </p>
          )}
          {parsed && !parsed.success && (
            <Notice kind="error">{t('The rules are incomplete; edit them to see a summary.')}</Notice>
          )}
          {parsed?.success && ruleSections(parsed.data).map((s) => <SectionTable key={s.id} section={s} />)}
        </>
      )}
    </Page>
  );
}

function VersionSelect({
  label,
  value,
  rows,
  onChange,
}: {
  label: string;
  value: string;
  rows: RulesetRow[];
  onChange: (v: string) => void;
}) {
  const { t } = useT();
  return (
    <PickerField label={t(label)}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          {rows.map((r) => (
            <option
              key={rulesetLabel(r)}
              value={rulesetLabel(r)}
            >{`${rulesetLabel(r)} · ${r.title} · ${t(rulesetStatus.labelOf(r.status))}`}</option>
          ))}
        </select>
      )}
    </PickerField>
  );
}

/**
 * One section of the comparison: both versions' rows side by side, aligned by key; changed cells marked (not
 * only by colour).
 */
function CompareSection({ a, b, labels }: { a?: RuleSection; b?: RuleSection; labels: [string, string] }) {
  const { t } = useT();
  const id = useId();
  const section = (b ?? a)!;
  const rowsA = new Map((a?.rows ?? []).map((r) => [r.key, r]));
  const rowsB = new Map((b?.rows ?? []).map((r) => [r.key, r]));
  const keys = [...new Set([...(a?.rows ?? []).map((r) => r.key), ...(b?.rows ?? []).map((r) => r.key)])];
  const changedCount = keys.filter((k) => {
    const ra = rowsA.get(k);
    const rb = rowsB.get(k);
    return !ra || !rb || ra.cells.some((c, i) => cellKey(c) !== cellKey(rb.cells[i] ?? ''));
  }).length;
  if (!keys.length) return null;
  return (
    <section className="rule-section" aria-labelledby={id}>
      <h2 id={id}>
        {t(section.title)}{' '}
        {changedCount > 0 ? (
          <span className="diff-count">({t('{{n}} differences', { n: changedCount })})</span>
        ) : (
          <span className="same-count">({t('the same')})</span>
        )}
      </h2>
      <ScrollRegion label={t(section.title)}>
        <table className="data-table rule-table compare-table">
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                {t(section.columns[0] ?? '')}
              </th>
              {section.columns.slice(1).map((c) => (
                <th key={c} scope="colgroup" colSpan={2}>
                  {t(c)}
                </th>
              ))}
            </tr>
            <tr>
              {section.columns.slice(1).map((c) => (
                <Fragment key={c}>
                  <th scope="col">{labels[0]}</th>
                  <th scope="col">{labels[1]}</th>
                </Fragment>
              ))}
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => {
              const ra = rowsA.get(key);
              const rb = rowsB.get(key);
              const first = (rb ?? ra)!.cells[0] ?? '';
              const state = !ra ? 'added' : !rb ? 'removed' : null;
              return (
                <tr key={key} data-diff={state ?? undefined}>
                  <th scope="row">
                    <CellText cell={first} />
                    {state && (
                      <span className="diff-note">
                        {' '}
                        (
                        {t(state === 'added' ? 'only in {{v}}' : 'only in {{v}}', {
                          v: state === 'added' ? labels[1] : labels[0],
                        })}
                        )
                      </span>
                    )}
                  </th>
                  {section.columns.slice(1).map((c, j) => {
                    const i = j + 1;
                    const ca = ra?.cells[i];
                    const cb = rb?.cells[i];
                    const changed = !!ra && !!rb && cellKey(ca ?? '') !== cellKey(cb ?? '');
                    return (
                      <Fragment key={c}>
                        <td className={changed ? 'diff-old' : undefined}>
                          {ca === undefined ? '—' : <CellText cell={ca} />}
                        </td>
                        <td className={changed ? 'diff-new' : undefined}>
                          {cb === undefined ? '—' : <CellText cell={cb} />}
                          {changed && <span className="diff-note"> ({t('changed')})</span>}
                        </td>
                      </Fragment>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/** /CompareRuleSets?a=ID@v&b=ID@v: two versions side by side, the differences first in words. */
export function CompareRuleSetsScreen() {
  const { t } = useT();
  const [search, setSearch] = useSearchParams();
  const all = useRulesets();
  const a = search.get('a') ?? '';
  const b = search.get('b') ?? '';
  const set = (next: { a?: string; b?: string }) =>
    setSearch(Object.fromEntries(Object.entries({ a, b, ...next }).filter(([, v]) => v)));
  const rows = all.data ?? [];
  const ra = rows.find((r) => rulesetLabel(r) === a);
  const rb = rows.find((r) => rulesetLabel(r) === b);
  const sections = useMemo(() => {
    const pa = ra ? rulesetRules.safeParse(ra.rules) : null;
    const pb = rb ? rulesetRules.safeParse(rb.rules) : null;
    return { a: pa?.success ? ruleSections(pa.data) : null, b: pb?.success ? ruleSections(pb.data) : null };
  }, [ra, rb]);
  const differences = sections.a && sections.b ? ruleDifferences(sections.a, sections.b) : null;
  return (
    <Page
      title="Compare rule set versions"
      actions={
        <Link className="button secondary" to={rulesPath}>
          {t('All rule sets')}
        </Link>
      }
    >
      {all.isError && <Notice kind="error">{all.error.message}</Notice>}
      <form className="results-picker" onSubmit={(e) => e.preventDefault()}>
        <VersionSelect label="Version A (before)" value={a} rows={rows} onChange={(v) => set({ a: v })} />
        <VersionSelect label="Version B (after)" value={b} rows={rows} onChange={(v) => set({ b: v })} />
      </form>
      {(!ra || !rb) && !all.isPending && <p>{t('Pick two versions to compare.')}</p>}
      {ra && rb && (!sections.a || !sections.b) && (
        <Notice kind="error">{t('The rules are incomplete; edit them to see a summary.')}</Notice>
      )}
      {ra && rb && differences && sections.a && sections.b && (
        <>
          <Notice kind="info">
            {differences.length === 0
              ? t('{{a}} and {{b}} have the same rules.', { a, b })
              : t('{{n}} rows differ between {{a}} and {{b}}.', { n: differences.length, a, b })}
          </Notice>
          {differences.length > 0 && (
            <ul className="diff-summary">
              {differences.map((d) => {
                const sec = (sections.b!.find((s) => s.id === d.section) ??
                  sections.a!.find((s) => s.id === d.section))!;
                const row =
                  sec.rows.find((r) => r.key === d.row) ??
                  sections.a!.find((s) => s.id === d.section)?.rows.find((r) => r.key === d.row);
                const rowLabel = row ? <CellText cell={row.cells[0] ?? ''} /> : d.row;
                return (
                  <li key={`${d.section}:${d.row}`}>
                    <strong>{t(sec.title)}</strong> · {rowLabel}:{' '}
                    {d.kind === 'changed'
                      ? `${t('changed')} (${d.columns.map((c) => t(c)).join(', ')})`
                      : t(d.kind === 'added' ? 'only in {{v}}' : 'only in {{v}}', {
                          v: d.kind === 'added' ? b : a,
                        })}
                  </li>
                );
              })}
            </ul>
          )}
          {sections.b.map((sb) => (
            <CompareSection key={sb.id} a={sections.a!.find((s) => s.id === sb.id)} b={sb} labels={[a, b]} />
          ))}
        </>
      )}
    </Page>
  );
}
