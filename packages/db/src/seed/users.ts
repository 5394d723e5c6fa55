import type { RoleName } from '@exam/contracts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../passwords.ts';

export const DEMO_PASSWORD = 'Demo@12345';

export interface DemoUser {
  email: string;
  name: string;
  role: RoleName;
  system: 'university' | 'college' | null;
  dept_id: string | null;
  college_id: string | null;
  /** The college faculty demo user heads its college (verifies its exam forms). */
  college_head?: boolean;
}

/** One demo user per role, `<role>@university.test`; faculty twice, once per system. */
export const demoUsers: DemoUser[] = [
  {
    email: 'admin@university.test',
    name: 'Demo Admin',
    role: 'admin',
    system: 'university',
    dept_id: null,
    college_id: null,
  },
  {
    email: 'office@university.test',
    name: 'Demo Exam Office',
    role: 'office',
    system: 'university',
    dept_id: null,
    college_id: null,
  },
  {
    email: 'faculty@university.test',
    name: 'Demo Faculty (University)',
    role: 'faculty',
    system: 'university',
    dept_id: 'HIN',
    college_id: null,
  },
  {
    email: 'faculty.college@university.test',
    name: 'Demo Faculty (College)',
    role: 'faculty',
    system: 'college',
    dept_id: 'PHY',
    college_id: 'C101',
    college_head: true,
  },
  {
    email: 'result@university.test',
    name: 'Demo Result Cell',
    role: 'result',
    system: 'university',
    dept_id: null,
    college_id: null,
  },
  {
    email: 'calculate@university.test',
    name: 'Demo Calculation Cell',
    role: 'calculate',
    system: 'university',
    dept_id: null,
    college_id: null,
  },
  {
    email: 'document@university.test',
    name: 'Demo Document Cell',
    role: 'document',
    system: 'university',
    dept_id: null,
    college_id: null,
  },
  {
    email: 'document_admin@university.test',
    name: 'Demo Document Admin',
    role: 'document_admin',
    system: 'university',
    dept_id: null,
    college_id: null,
  },
  {
    email: 'student@university.test',
    name: 'Demo Student',
    role: 'student',
    system: 'university',
    dept_id: null,
    college_id: null,
  },
];

/**
 * Creates the users that do not exist yet (by email); existing users and their passwords are left alone.
 * Users given the same password share one hash: the demo accounts all have the published demo password, and
 * hashing it once instead of nine times is most of a fresh start's seeding.
 */
export async function ensureUsers(
  prisma: PrismaClient,
  users: Array<DemoUser & { password: string }>,
  bcryptRounds = 10,
): Promise<number> {
  const emails = users.map((user) => user.email.toLowerCase());
  const existing = await prisma.user.findMany({ where: { email: { in: emails } }, select: { email: true } });
  const present = new Set(existing.map((user) => user.email));
  const hashes = new Map<string, Promise<string>>();
  const data = [];
  for (const { password, ...user } of users) {
    const email = user.email.toLowerCase();
    if (present.has(email)) continue;
    present.add(email);
    if (!hashes.has(password)) hashes.set(password, hashPassword(password, bcryptRounds));
    data.push({ ...user, email, password_hash: await hashes.get(password)! });
  }
  if (!data.length) return 0;
  return (await prisma.user.createMany({ data, skipDuplicates: true })).count;
}
