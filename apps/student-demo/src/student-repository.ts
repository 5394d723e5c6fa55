import type { StudentInput } from '@exam/contracts';
import { openConnection, type Connection } from '@exam/db/connection';

export interface StudentRow {
  id: number;
  stuname: string;
  email: string;
  created_at: Date;
  updated_at: Date;
}

const columns = 'id, stuname, email, created_at, updated_at';

/**
 * The demo's own PostgreSQL schema. In `public` its table made the API's first migration refuse a
 * "non-empty" database whenever the demo started first on a fresh database; here the two start in any order.
 */
export const demoSchema = 'student_demo';
const students = `${demoSchema}.students`;

/** Codes of a create that lost a race with another process creating the same schema or table: look again. */
const lostCreateRace = new Set(['23505', '42P06', '42P07', '42710']);

/** The demo's schema and only table; created on start so the service needs no migration step. */
async function ensureStudentsTable(db: Connection): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.query(`CREATE SCHEMA IF NOT EXISTS ${demoSchema}`);
      await db.query(`
        CREATE TABLE IF NOT EXISTS ${students} (
          id serial PRIMARY KEY,
          stuname varchar(200) NOT NULL,
          email varchar(254) NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now()
        )`);
      return;
    } catch (error) {
      if (attempt >= 3 || !lostCreateRace.has(String((error as { code?: unknown }).code))) throw error;
    }
  }
}

/** Opens the database and makes sure the table is there: what every start of the service does. */
export async function openStudentsDb(options: Parameters<typeof openConnection>[0]): Promise<Connection> {
  const db = await openConnection(options);
  try {
    await ensureStudentsTable(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

export function studentRepository(db: Connection) {
  const first = async (sql: string, params: unknown[]) => (await db.query<StudentRow>(sql, params))[0];
  return {
    async list(page: { offset: number; limit?: number }) {
      const [rows, counted] = await Promise.all([
        db.query<StudentRow>(`SELECT ${columns} FROM ${students} ORDER BY id OFFSET $1 LIMIT $2`, [
          page.offset,
          page.limit ?? null,
        ]),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${students}`),
      ]);
      return { rows, total: counted[0]!.total };
    },
    get: (id: number) => first(`SELECT ${columns} FROM ${students} WHERE id = $1`, [id]),
    create: (input: StudentInput) =>
      first(`INSERT INTO ${students} (stuname, email) VALUES ($1, $2) RETURNING ${columns}`, [
        input.stuname,
        input.email,
      ]) as Promise<StudentRow>,
    update: (id: number, input: StudentInput) =>
      first(
        `UPDATE ${students} SET stuname = $2, email = $3, updated_at = now() WHERE id = $1
            RETURNING ${columns}`,
        [id, input.stuname, input.email],
      ),
    remove: (id: number) => first(`DELETE FROM ${students} WHERE id = $1 RETURNING ${columns}`, [id]),
  };
}

export type StudentRepository = ReturnType<typeof studentRepository>;
