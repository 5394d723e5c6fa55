import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * Demo issuing details (documents): the place of issue and the signatories' names every demo document prints,
 * so a demo marksheet or degree shows what a real one would. Fictitious names; the NAD code is a sample of
 * its form. The convocation date is left for document_admin to record (a degree drafted before it prints the
 * blank to fill).
 */
export async function seedDemoDocuments(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.documentIssuing.count()) > 0) return false;
  await prisma.documentIssuing.createMany({
    data: [
      { detail_key: 'PLACE_OF_ISSUE', value_en: 'Ajmer, Rajasthan', value_hi: 'अजमेर, राजस्थान' },
      { detail_key: 'SIGNATORY_COE', value_en: 'Dr. Anjali Verma', value_hi: 'डॉ. अंजलि वर्मा' },
      { detail_key: 'SIGNATORY_REGISTRAR', value_en: 'Shri Rakesh Sharma', value_hi: 'श्री राकेश शर्मा' },
      { detail_key: 'SIGNATORY_VC', value_en: 'Prof. Meera Joshi', value_hi: 'प्रो. मीरा जोशी' },
      { detail_key: 'NAD_ORG_CODE', value_en: 'DEMO-U0001' },
    ],
    skipDuplicates: true,
  });
  return true;
}
