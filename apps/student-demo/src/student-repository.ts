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

/** The demo's only table; created on start so the service needs no migration step. */
async function ensureStudentsTable(db: Connection): Promise<void> {
  await db.query(`
    CREATE TABLE IF NOT EXISTS students (
      id serial PRIMARY KEY,
      stuname varchar(200) NOT NULL,
      email varchar(254) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
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
        db.query<StudentRow>(`SELECT ${columns} FROM students ORDER BY id OFFSET $1 LIMIT $2`, [page.offset, page.limit ?? null]),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM students'),
      ]);
      return { rows, total: counted[0]!.total };
    },
    get: (id: number) => first(`SELECT ${columns} FROM students WHERE id = $1`, [id]),
    create: (input: StudentInput) =>
      first(`INSERT INTO students (stuname, email) VALUES ($1, $2) RETURNING ${columns}`, [input.stuname, input.email]) as Promise<StudentRow>,
    update: (id: number, input: StudentInput) =>
      first(`UPDATE students SET stuname = $2, email = $3, updated_at = now() WHERE id = $1 RETURNING ${columns}`, [
        id,
        input.stuname,
        input.email,
      ]),
    remove: (id: number) => first(`DELETE FROM students WHERE id = $1 RETURNING ${columns}`, [id]),
  };
}

export type StudentRepository = ReturnType<typeof studentRepository>;
