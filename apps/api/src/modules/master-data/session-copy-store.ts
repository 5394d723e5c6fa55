import { paperInfoSemResource } from '@exam/contracts';
import { Prisma } from '@exam/db';

/** Copying a session's course-semester links and paper schemes, in the database. */

type Tx = Prisma.TransactionClient;
type Row = Record<string, unknown>;

/**
 * Every column of a paper scheme but its session and timestamps, from the contract (the table's columns are
 * its fields).
 */
const copiedFields = Object.keys(paperInfoSemResource.fields).filter((f) => f !== 'session_id');
const copiedColumns = Prisma.raw(copiedFields.map((f) => `"${f}"`).join(', '));
const sourceColumns = Prisma.raw(copiedFields.map((f) => `s."${f}"`).join(', '));

/** The links and schemes of the source, and the keys the target has. */
export async function rowsOfCopy(tx: Tx, from: string, to: string) {
  const [ccFrom, ccTo, papersFrom, papersTo] = await Promise.all([
    tx.ccinfoSem.findMany({
      where: { session_id: from },
      orderBy: [{ course_comb_id: 'asc' }, { sem_id: 'asc' }],
    }),
    tx.ccinfoSem.findMany({ where: { session_id: to }, select: { course_comb_id: true, sem_id: true } }),
    tx.paperInfoSem.findMany({
      where: { session_id: from },
      orderBy: [{ course_comb_id: 'asc' }, { sem_id: 'asc' }, { paper_id: 'asc' }],
    }),
    tx.paperInfoSem.findMany({
      where: { session_id: to },
      select: { course_comb_id: true, sem_id: true, paper_id: true },
    }),
  ]);
  return { ccFrom, ccTo, papersFrom, papersTo } as Record<
    'ccFrom' | 'ccTo' | 'papersFrom' | 'papersTo',
    Row[]
  >;
}

/**
 * Creates the target's missing course-semester links (one INSERT ... SELECT: 5,000 rows in tens of
 * milliseconds; row by row through Prisma took seconds); answers the rows created.
 */
export const insertMissingLinks = (tx: Tx, from: string, to: string) =>
  tx.$queryRaw<Row[]>`
    INSERT INTO ccinfo_sem (session_id, course_comb_id, sem_id)
    SELECT ${to}, s.course_comb_id, s.sem_id
      FROM ccinfo_sem s
     WHERE s.session_id = ${from}
       AND NOT EXISTS (
             SELECT 1
               FROM ccinfo_sem t
              WHERE t.session_id = ${to}
                AND t.course_comb_id = s.course_comb_id
                AND t.sem_id = s.sem_id)
    RETURNING *`;

/** Creates the target's missing paper schemes with the source's values; answers the rows created. */
export const insertMissingSchemes = (tx: Tx, from: string, to: string) =>
  tx.$queryRaw<Row[]>`
    INSERT INTO paperinfosem (session_id, ${copiedColumns})
    SELECT ${to}, ${sourceColumns}
      FROM paperinfosem s
     WHERE s.session_id = ${from}
       AND NOT EXISTS (
             SELECT 1
               FROM paperinfosem t
              WHERE t.session_id = ${to}
                AND t.course_comb_id = s.course_comb_id
                AND t.sem_id = s.sem_id
                AND t.paper_id = s.paper_id)
    RETURNING *`;
