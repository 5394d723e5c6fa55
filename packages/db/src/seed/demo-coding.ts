import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../passwords.ts';
import { DEMO_PASSWORD } from './users.ts';

/**
 * Coding demo data (lifecycle S6): an office user of the secrecy cell (users.secrecy; the demo office user
 * has no flag and is refused the coding map) and three examiners, one of them from C101 (a packet with a C101
 * candidate cannot go to that examiner).
 */
export const DEMO_SECRECY_EMAIL = 'secrecy@university.test';

export async function seedDemoCoding(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.examiner.count()) > 0) return false;
  if (!(await prisma.user.findUnique({ where: { email: DEMO_SECRECY_EMAIL } }))) {
    await prisma.user.create({
      data: {
        email: DEMO_SECRECY_EMAIL,
        name: 'Demo Secrecy Cell',
        role: 'office',
        system: 'university',
        secrecy: true,
        password_hash: await hashPassword(DEMO_PASSWORD, 4),
      },
    });
  }
  const colleges = new Set(
    (await prisma.college.findMany({ select: { college_id: true } })).map((c) => c.college_id),
  );
  await prisma.examiner.createMany({
    data: [
      {
        examiner_id: 'EXM001',
        name: 'Dr. Anita Verma',
        college_id: colleges.has('C101') ? 'C101' : null,
        institution: 'Demo college C101',
        papers: 'ENV101',
        phone: '9876500001',
      },
      {
        examiner_id: 'EXM002',
        name: 'Dr. Rakesh Mishra',
        college_id: null,
        institution: 'University Department of Environmental Science',
        papers: 'ENV101',
        phone: '9876500002',
      },
      {
        examiner_id: 'EXM003',
        name: 'Prof. Sunita Rao',
        college_id: null,
        institution: 'Government College (outside the university)',
        papers: 'ENV101 CHE101',
        phone: '9876500003',
      },
    ],
    skipDuplicates: true,
  });
  return true;
}
