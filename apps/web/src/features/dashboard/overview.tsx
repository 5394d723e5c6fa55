import { auditEntry, can, resources, type AuditEntry, type UserRole } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { request } from '../../lib/api.ts';
import { intlLocale, useT } from '../../lib/i18n.ts';
import { resourcePaths } from '../master-data/index.ts';

/**
 * The master-data part of the dashboard: each area with its number of records (a link to its list), the
 * current session with what it holds, and the latest changes: from the audit trail for those who may read it
 * (who changed what), otherwise the records changed last (the lists sorted by updated_at).
 */

const totalOf = async (path: string, signal: AbortSignal) =>
  (await request<{ total?: number }>(`${path}${path.includes('?') ? '&' : '?'}limit=1`, { signal })).total ??
  0;

type Row = Record<string, unknown> & { updated_at?: string };

/**
 * One call after the other, not all at once: the API lets one user run a few requests at a time (the rest
 * wait or get 429), and the dashboard must not crowd out the screen opened next.
 */
async function oneByOne<T, R>(items: readonly T[], call: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await call(item));
  return out;
}

function useCounts() {
  return useQuery({
    queryKey: ['dashboard-counts'],
    staleTime: 30_000,
    queryFn: ({ signal }) => oneByOne(resources, (resource) => totalOf(`/${resource.path}`, signal)),
  });
}

/** The current session: the one marked Active (the legacy data's free text), else the latest by its id. */
function useCurrentSession() {
  return useQuery({
    queryKey: ['session', 'dashboard-current'],
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const { session = [] } = await request<{ session?: Row[] }>('/session?limit=1000&sort=-session_id', {
        signal,
      });
      const current =
        session.find(
          (row) =>
            String(row.current_status ?? '')
              .trim()
              .toLowerCase() === 'active',
        ) ?? session[0];
      if (!current) return null;
      const id = encodeURIComponent(String(current.session_id));
      const [links, schemes, exams] = await oneByOne(['ccinfosem', 'paperinfosem', 'exam'], (path) =>
        totalOf(`/${path}?session_id=${id}`, signal),
      );
      return { row: current, links, schemes, exams };
    },
  });
}

interface Change {
  id: string;
  at: string;
  who?: string;
  action?: AuditEntry['action'];
  what: string;
  key: string;
}

const actionWords: Record<AuditEntry['action'], string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  transition: 'changed the state of',
};

const auditAnswer = z.object({ audit: z.array(auditEntry) });

function useRecentChanges(user: UserRole) {
  const audited = !!can(user.name, 'audit.read');
  return useQuery({
    queryKey: ['dashboard-changes', audited],
    staleTime: 15_000,
    queryFn: async ({ signal }): Promise<Change[]> => {
      if (audited) {
        const { audit } = auditAnswer.parse(await request('/audit?limit=8', { signal }));
        return audit.map((entry) => ({
          id: String(entry.id),
          at: entry.at,
          who: entry.user_email,
          action: entry.action,
          what: resources.find((r) => r.name === entry.entity)?.title ?? entry.entity,
          key: entry.entity_key,
        }));
      }
      const lists = await oneByOne(resources, async (resource) => {
        const answer = await request<Record<string, Row[]>>(`/${resource.path}?limit=3&sort=-updated_at`, {
          signal,
        });
        return (answer[resource.responseKey] ?? []).map((row) => ({ resource, row }));
      });
      return lists
        .flat()
        .filter(({ row }) => typeof row.updated_at === 'string')
        .sort((a, b) => String(b.row.updated_at).localeCompare(String(a.row.updated_at)))
        .slice(0, 8)
        .map(({ resource, row }) => {
          const key = resource.keyFields.map((f) => String(row[f] ?? '')).join(' / ');
          return { id: `${resource.name}/${key}`, at: String(row.updated_at), what: resource.title, key };
        });
    },
  });
}

export function MasterDataOverview({ user }: { user: UserRole }) {
  const { t } = useT();
  const counts = useCounts();
  const session = useCurrentSession();
  const changes = useRecentChanges(user);
  const when = new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const failed = counts.error;
  const sessionQuery = encodeURIComponent(String(session.data?.row.session_id ?? ''));
  return (
    <>
      <section className="panel-section" aria-labelledby="master-data">
        <h3 id="master-data">{t('Master data')}</h3>
        {failed && (
          <p className="field-hint error">
            {t('The counts could not be loaded: {{message}}', { message: failed.message })}
          </p>
        )}
        <ul className="link-grid counts">
          {resources.map((resource, i) => (
            <li key={resource.name}>
              <Link to={resourcePaths[resource.name].list}>{resource.title}</Link>
              <span className="count">{counts.data?.[i] ?? '…'}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="dashboard-columns">
        <section className="panel-section" aria-labelledby="current-session">
          <h3 id="current-session">{t('Current session')}</h3>
          {session.data === null && <p>{t('No current session is marked Active.')}</p>}
          {session.data && (
            <dl className="details">
              <dt>{t('Session')}</dt>
              <dd>
                <Link to={`/ViewSession?id=${sessionQuery}`}>{String(session.data.row.session_id)}</Link>{' '}
                {String(session.data.row.session_name ?? '')}
              </dd>
              <dt>{t('Course-semester links')}</dt>
              <dd>
                <Link to={`${resourcePaths.ccinfo_sem.list}?session_id=${sessionQuery}`}>
                  {session.data.links}
                </Link>
              </dd>
              <dt>{t('Paper-semester links')}</dt>
              <dd>
                <Link to={`${resourcePaths.paperinfosem.list}?session_id=${sessionQuery}`}>
                  {session.data.schemes}
                </Link>
              </dd>
              <dt>{t('Exams')}</dt>
              <dd>
                <Link to={`${resourcePaths.exam.list}?session_id=${sessionQuery}`}>{session.data.exams}</Link>
              </dd>
            </dl>
          )}
        </section>
        <section className="panel-section" aria-labelledby="recent-changes">
          <h3 id="recent-changes">{t('Recent changes')}</h3>
          {changes.data?.length === 0 && <p>{t('Nothing has changed yet.')}</p>}
          {!!changes.data?.length && (
            <ol className="recent-changes">
              {changes.data.map((change) => (
                <li key={change.id}>
                  <time dateTime={change.at}>{when.format(new Date(change.at))}</time>{' '}
                  {change.who
                    ? t('{{who}} {{action}} {{what}} {{key}}', {
                        who: change.who,
                        action: t(actionWords[change.action ?? 'update']),
                        what: change.what,
                        key: change.key,
                      })
                    : t('{{what}} {{key}} changed', { what: change.what, key: change.key })}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
