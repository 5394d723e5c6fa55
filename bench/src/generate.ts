import pg from 'pg';
import { applyMigrations, hashPassword, openDatabase } from '@exam/db';
import { checkScale, type Scale } from './scale.ts';

/** The password of every generated user (and of the bench's admin). */
export const BENCH_PASSWORD = 'Bench-pass-2026';

/** Names the databases this harness may drop and recreate; anything else is refused. */
const BENCH_DB = /^exam_bench[a-z0-9_]*$/;

/** Drops and recreates the bench database, then applies every migration. Answers its connection string. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  if (!BENCH_DB.test(name))
    throw new Error(`Refusing to recreate "${name}": bench databases are named exam_bench*`);
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const db = await openDatabase({ url, poolMax: 2 });
  try {
    await applyMigrations(db.migrationTarget);
  } finally {
    await db.close();
  }
  return url;
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// Text the SQL picks from by modulo, so names look like the university's own.
const programmes = [
  'B.A.',
  'B.Sc.',
  'B.Com.',
  'M.A.',
  'M.Sc.',
  'M.Com.',
  'B.B.A.',
  'B.C.A.',
  'B.Ed.',
  'LL.B.',
];
const subjects = [
  'History',
  'Economics',
  'Political Science',
  'Sociology',
  'Hindi',
  'English',
  'Sanskrit',
  'Geography',
  'Physics',
  'Chemistry',
  'Mathematics',
  'Botany',
  'Zoology',
  'Computer Science',
  'Accountancy',
  'Statistics',
];
const roles = ['admin', 'office', 'faculty', 'result', 'calculate', 'document', 'document_admin'];
const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Fills an empty, migrated database in a few statements (INSERT ... SELECT generate_series), so the
 * default scale takes seconds. Every key matches the contracts' key pattern, every enumeration holds
 * one of its values, and every foreign key is satisfied by construction:
 *   ccinfo_sem row i  = course i % C in semester i / C, in session (31*course + sem/2) % S
 *   paperinfosem row j = ccinfo_sem row j / k with paper ((j * 7919) % P) (k papers per course-semester;
 *                        7919 is prime, so the k papers of one course-semester differ)
 */
export async function fillDatabase(url: string, scale: Scale, options: { bcryptRounds?: number } = {}) {
  checkScale(scale);
  const {
    sessions: S,
    courses: C,
    papers: P,
    semesters: M,
    ccinfoSems: N,
    paperInfoSems: Q,
    exams: E,
    users: U,
  } = scale;
  const perCourseSem = Q / N;
  const hash = await hashPassword(BENCH_PASSWORD, options.bcryptRounds ?? 10);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const counts: Record<string, number> = {};
  const run = async (table: string, sql: string, params: unknown[] = []) => {
    const t = Date.now();
    const result = await client.query(sql, params);
    counts[table] = result.rowCount ?? 0;
    if (process.env.BENCH_DEBUG) console.log(table, Date.now() - t, 'ms');
  };
  // The same arithmetic in every statement that names a course-semester (see above).
  const sessionId = (course: string, sem: string) =>
    `'S' || (2000 + ((31 * ${course} + ${sem} / 2) % ${S})) || '-' || lpad(((2001 + ((31 * ${course} + ` +
    `${sem} / 2) % ${S})) % 100)::text, 2, '0')`;
  const courseId = (course: string) => `'CC' || lpad((${course} + 1)::text, 6, '0')`;
  const semId = (sem: string) => `'SEM' || lpad((${sem} + 1)::text, 2, '0')`;
  const paperId = (paper: string) => `'P' || lpad((${paper} + 1)::text, 6, '0')`;
  try {
    await client.query('BEGIN');
    // Foreign-key triggers fire per row and would take most of the time; they are off for this
    // transaction only, and every foreign key is checked in bulk below before it commits.
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    await run(
      'session',
      `
      INSERT INTO session (session_id, session_name, current_status, session_disc, session_short_disc,
        session_format_1, session_format_2, session_format_3)
      SELECT 'S' || (2000 + i) || '-' || lpad(((2001 + i) % 100)::text, 2, '0'),
             'Session ' || (2000 + i) || '-' || (2001 + i),
             CASE WHEN i = ${S} - 1 THEN 'Active' ELSE 'Closed' END,
             'Academic session ' || (2000 + i) || '-' || (2001 + i) ||
               ' (main and supplementary examinations)',
             (2000 + i) || '-' || lpad(((2001 + i) % 100)::text, 2, '0'),
             'MAIN-' || (2000 + i), 'SUPP-' || (2000 + i), NULL
      FROM generate_series(0, ${S} - 1) AS i`,
    );
    await run(
      'sempart',
      `
      INSERT INTO sempart (sem_id, sem_name, sem_disc1, sem_disc2)
      SELECT ${semId('i')}, 'Semester ' || (i + 1), 'Part ' || (i / 2 + 1), CASE WHEN i % 2 = 0 THEN 'Odd'
        ELSE 'Even' END
      FROM generate_series(0, ${M} - 1) AS i`,
    );
    await run(
      'course',
      `
      INSERT INTO course (course_comb_id, course_id, course_comb_code, course_comb_name1, course_comb_name2,
        course_comb_name3, course_comb_name4, th_pr_id, remark)
      SELECT ${courseId('i')}, 'C' || lpad((i % 400 + 1)::text, 4, '0'), 'CMB-' || (i + 1),
             p[i % 10 + 1], s[i % 16 + 1], s[(i / 16) % 16 + 1],
             p[i % 10 + 1] || ' (' || s[i % 16 + 1] || ', ' || s[(i / 16) % 16 + 1] || ', ' || s[(i / 256 + 5)
               % 16 + 1] || ') - College ' || (i % 700 + 1),
             CASE WHEN i % 3 = 0 THEN 'TH-PR' ELSE 'TH' END,
             CASE WHEN i % 10 = 0 THEN 'Affiliated college' ELSE NULL END
      FROM generate_series(0, ${C} - 1) AS i, (SELECT ${sqlArray(programmes)} AS p,
        ${sqlArray(subjects)} AS s) AS t`,
    );
    await run(
      'paper',
      `
      INSERT INTO paper (paper_id, paper_name, paper_code, paper_desc, paper_code_desc)
      SELECT ${paperId('i')}, s[i % 16 + 1] || ' Paper ' || (i / 16 % 12 + 1) || ' (' || (i + 1) || ')',
             upper(left(s[i % 16 + 1], 3)) || '-' || (100 + i % 900), 'Core course of ' || s[i % 16 + 1], NULL
      FROM generate_series(0, ${P} - 1) AS i, (SELECT ${sqlArray(subjects)} AS s) AS t`,
    );
    await run(
      'ccinfo_sem',
      `
      INSERT INTO ccinfo_sem (session_id, course_comb_id, sem_id)
      SELECT ${sessionId('c', 'm')}, ${courseId('c')}, ${semId('m')}
      FROM generate_series(0, ${N} - 1) AS i, LATERAL (SELECT i % ${C} AS c, i / ${C} AS m) AS k
      ORDER BY 1, 2, 3`,
    );
    // Built after the rows are in: maintaining its three indexes row by row takes most of the time.
    await withoutIndexes(client, 'paperinfosem', async () => {
      await run(
        'paperinfosem',
        `
        INSERT INTO paperinfosem (session_id, course_comb_id, sem_id, paper_id, group_status, group_code,
          max_marks, min_marks,
                                  ext_max_marks, ext_min_marks, int_max_marks, int_min_marks, th_pr_status,
                                    paper_score_status,
                                  credit_point, paper_type, elective_status)
        SELECT ${sessionId('c', 'm')}, ${courseId('c')}, ${semId('m')},
          ${paperId(`((j::bigint * 7919) % ${P})::int`)},
               (CASE WHEN j % 7 = 0 THEN 'Y' ELSE 'N' END)::"YesNo",
               (CASE WHEN j % 7 = 0 THEN 'G' || (j % 10 + 1) ELSE 'NG' END)::"GroupCode",
               CASE WHEN pr THEN '50' ELSE '100' END, CASE WHEN pr THEN '18' ELSE '35' END,
               CASE WHEN pr THEN '35' ELSE '75' END, CASE WHEN pr THEN '12' ELSE '26' END,
               CASE WHEN pr THEN '15' ELSE '25' END, CASE WHEN pr THEN '6' ELSE '9' END,
               (CASE WHEN pr THEN 'PR' ELSE 'TH' END)::"TheoryPractical", 'Y'::"YesNo",
               CASE WHEN pr THEN '2' ELSE '4' END, (j % 3)::smallint, (CASE
                 WHEN j % ${perCourseSem} >= 3 THEN 1 ELSE 0 END)::smallint
        FROM generate_series(0, ${Q} - 1) AS j,
             LATERAL (SELECT (j / ${perCourseSem}) % ${C} AS c, (j / ${perCourseSem}) / ${C} AS m,
                             j % ${perCourseSem} = ${perCourseSem} - 1 AND ${perCourseSem} > 1 AS pr) AS k
        ORDER BY 1, 2, 3, 4`,
      );
    });
    await run(
      'exam',
      `
      INSERT INTO exam (exam_id, exam_desc, active_status, session_id)
      SELECT 'EX' || lpad((i + 1)::text, 5, '0'), 'Examination ' || (i + 1) || CASE
        WHEN i % 2 = 0 THEN ' (main)' ELSE ' (supplementary)' END,
             (i % 2)::smallint, 'S' || (2000 + i % ${S}) || '-' || lpad(((2001 + i % ${S}) % 100)::text, 2,
               '0')
      FROM generate_series(0, ${E} - 1) AS i`,
    );
    await run(
      'examcycle',
      `
      INSERT INTO examcycle (rti, student_exam_cycle)
      SELECT 'RTI' || lpad((i + 1)::text, 3, '0'), 'Cycle ' || (i + 1) FROM generate_series(0, 11) AS i`,
    );
    await run(
      'users',
      `
      INSERT INTO users (email, password_hash, name, role, system, dept_id, college_id)
      SELECT 'user' || lpad((i + 1)::text, 5, '0') || '@bench.example', $1, 'Bench User ' || (i + 1),
             (${sqlArray(roles)})[i % ${roles.length} + 1]::"Role",
             (CASE WHEN i % 4 = 0 THEN 'college' ELSE 'university' END)::"UserSystem",
             'D' || (i % 30 + 1), CASE WHEN i % 4 = 0 THEN 'COL' || (i % 700 + 1) ELSE NULL END
      FROM generate_series(0, ${U} - 1) AS i`,
      [hash],
    );
    await assertForeignKeys(client);
    await client.query('COMMIT');
    // Fresh statistics and a visibility map, as a database that has been in use would have.
    await client.query('VACUUM ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return { counts, ms: Date.now() - started };
}

/** Every foreign key of the schema, checked by one anti-join each; throws naming the first that is broken. */
async function assertForeignKeys(client: pg.Client) {
  const { rows } = await client.query<{ child: string; parent: string; cols: string[]; refs: string[] }>(`
    SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
           array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS cols,
           array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
             JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS refs
    FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`);
  for (const fk of rows) {
    const on = fk.cols.map((col, i) => `p.${fk.refs[i]} = c.${col}`).join(' AND ');
    const notNull = fk.cols.map((col) => `c.${col} IS NOT NULL`).join(' AND ');
    const { rows: broken } = await client.query(
      `SELECT count(*)::int AS n FROM ${fk.child} c WHERE ${notNull} AND NOT EXISTS (SELECT 1
          FROM ${fk.parent} p WHERE ${on})`,
    );
    if (broken[0].n > 0)
      throw new Error(
        `Generator bug: ${broken[0].n} ${fk.child} rows name a missing ${fk.parent} (${fk.cols.join(', ')})`,
      );
  }
  return rows.length;
}

/**
 * Drops a table's indexes (and its primary key, which no foreign key may reference), runs the fill,
 * and recreates them from their own definitions as read from the catalog, so indexes added to the
 * schema later come back too.
 */
async function withoutIndexes(client: pg.Client, table: string, fill: () => Promise<void>) {
  const { rows: constraints } = await client.query<{ name: string; def: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass
        AND contype IN ('p', 'u')`,
    [table],
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
     WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c
       WHERE c.conindid = i.indexrelid)`,
    [table],
  );
  // Foreign keys of other tables that reference this one (student_paper -> paperinfosem) depend on its key:
  // they go and come back with it (their tables are empty while the bench fills).
  const { rows: referencing } = await client.query<{ owner: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS owner, conname AS name, pg_get_constraintdef(oid) AS def
        FROM pg_constraint WHERE confrelid = $1::regclass AND contype = 'f'`,
    [table],
  );
  for (const f of referencing) await client.query(`ALTER TABLE ${f.owner} DROP CONSTRAINT ${f.name}`);
  for (const c of constraints) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${c.name}`);
  for (const i of indexes) await client.query(`DROP INDEX ${i.name}`);
  await fill();
  for (const c of constraints) await client.query(`ALTER TABLE ${table} ADD CONSTRAINT ${c.name} ${c.def}`);
  for (const i of indexes) await client.query(i.def);
  for (const f of referencing) await client.query(`ALTER TABLE ${f.owner} ADD CONSTRAINT ${f.name} ${f.def}`);
}
