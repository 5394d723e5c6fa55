import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { DEMO_PASSWORD, demoUsers } from './users.ts';

/**
 * The active accounts, among the demo users and `alsoCheck`, that still sign in with the demo password.
 * Only those addresses are looked at: the demo seed is the only code that ever gave an account that
 * password (ADMIN_PASSWORD refuses it now; before, an admin could have been created with it). So a
 * production database without demo users costs one query and no bcrypt; with them, one compare each.
 */
export async function accountsWithDemoPassword(
  prisma: PrismaClient,
  alsoCheck: string[] = [],
): Promise<string[]> {
  const emails = [...new Set([...demoUsers.map((u) => u.email), ...alsoCheck.map((e) => e.toLowerCase())])];
  const candidates = await prisma.user.findMany({
    where: { active: true, email: { in: emails } },
    select: { email: true, password_hash: true },
    orderBy: { id: 'asc' },
  });
  const holders: string[] = [];
  for (const { email, password_hash } of candidates) {
    if ((await verifyPassword(DEMO_PASSWORD, password_hash, 0)).matches) holders.push(email);
  }
  return holders;
}

/** Gives the account a new password if it still has the demo password; answers whether it did. */
export async function replaceDemoPassword(
  prisma: PrismaClient,
  email: string,
  password: string,
  bcryptRounds: number,
): Promise<boolean> {
  const user = await prisma.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, password_hash: true },
  });
  if (!user || !(await verifyPassword(DEMO_PASSWORD, user.password_hash, 0)).matches) return false;
  await prisma.user.update({
    where: { id: user.id },
    data: { password_hash: await hashPassword(password, bcryptRounds) },
  });
  return true;
}

/** What a production start says when accounts still have the demo password: which, and how to change that. */
export function demoPasswordRefusal(emails: string[]): string {
  const list = emails.map((e) => `'${e}'`).join(', ');
  return (
    `${emails.length} account(s) still sign in with the demo password ${DEMO_PASSWORD}: ` +
    `${emails.join(', ')}. ` +
    `Production does not start until none does. Deactivate them in psql: UPDATE users SET active = false ` +
    `WHERE email IN (${list}); ` +
    'or, to keep one of them as the administrator, start with ADMIN_EMAIL set to it and ADMIN_PASSWORD ' +
    'to a new password, which replaces its demo password.'
  );
}
