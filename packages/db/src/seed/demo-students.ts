import { seeding } from './transaction.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { demoPaperInfoSems } from './demo-data.ts';

/**
 * Demo students (lifecycle stage S1): a few hundred across the demo colleges C101–C104, batches 2023-24 and
 * 2024-25, with Hindi names, enrolments in the course-semesters that run, their compulsory papers and
 * elective choices. The demo university follows rule set OLD-A for the 2023-24 batch and NEP from 2024-25 (so
 * a 2023-24 student stays OLD). Written with batched inserts: the test template databases are seeded with
 * these too.
 */

/** The demo `student` user is this student. */
export const DEMO_STUDENT_ID = '2024C101001';

const firstNames: Array<[string, string, 'M' | 'F']> = [
  ['Aarav', 'आरव', 'M'],
  ['Vivaan', 'विवान', 'M'],
  ['Aditya', 'आदित्य', 'M'],
  ['Rohit', 'रोहित', 'M'],
  ['Karan', 'करण', 'M'],
  ['Manish', 'मनीष', 'M'],
  ['Suresh', 'सुरेश', 'M'],
  ['Deepak', 'दीपक', 'M'],
  ['Rahul', 'राहुल', 'M'],
  ['Vikram', 'विक्रम', 'M'],
  ['Ananya', 'अनन्या', 'F'],
  ['Priya', 'प्रिया', 'F'],
  ['Kavita', 'कविता', 'F'],
  ['Pooja', 'पूजा', 'F'],
  ['Neha', 'नेहा', 'F'],
  ['Sunita', 'सुनीता', 'F'],
  ['Meera', 'मीरा', 'F'],
  ['Divya', 'दिव्या', 'F'],
  ['Ritu', 'रितु', 'F'],
  ['Swati', 'स्वाति', 'F'],
];
const surnames: Array<[string, string]> = [
  ['Sharma', 'शर्मा'],
  ['Verma', 'वर्मा'],
  ['Meena', 'मीणा'],
  ['Choudhary', 'चौधरी'],
  ['Rathore', 'राठौड़'],
  ['Jain', 'जैन'],
  ['Gupta', 'गुप्ता'],
  ['Saini', 'सैनी'],
  ['Joshi', 'जोशी'],
  ['Yadav', 'यादव'],
  ['Kumawat', 'कुमावत'],
  ['Bairwa', 'बैरवा'],
];
const fathers: Array<[string, string]> = [
  ['Ramesh', 'रमेश'],
  ['Mahesh', 'महेश'],
  ['Dinesh', 'दिनेश'],
  ['Prakash', 'प्रकाश'],
  ['Gopal', 'गोपाल'],
  ['Mohan', 'मोहन'],
];
const mothers: Array<[string, string]> = [
  ['Sita', 'सीता'],
  ['Geeta', 'गीता'],
  ['Kamla', 'कमला'],
  ['Savitri', 'सावित्री'],
  ['Laxmi', 'लक्ष्मी'],
];
const categories = ['GEN', 'OBC', 'OBC', 'SC', 'ST', 'EWS', 'GEN', 'OBC'];
const colleges = ['C101', 'C102', 'C103', 'C104'];

/** Which course-semesters each batch is enrolled in, and the rule set it follows. */
const batches = [
  {
    session: '2023-24',
    year: 2023,
    courses: ['BA01', 'BSC01'],
    semesters: [{ session_id: '2023-24', sem_id: '1' }],
    ruleset: { ruleset_id: 'OLD-A', ruleset_version: 1 },
  },
  {
    session: '2024-25',
    year: 2024,
    courses: ['BA01', 'BSC01', 'BA02', 'BSC02', 'BCOM01'],
    semesters: [
      { session_id: '2024-25', sem_id: '1' },
      { session_id: '2024-25', sem_id: '2' },
    ],
    ruleset: { ruleset_id: 'NEP', ruleset_version: 1 },
  },
];

const PER_COLLEGE_AND_BATCH = 40;
const CHUNK = 500;

async function inChunks<T>(rows: readonly T[], write: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

export function demoStudentRows() {
  const students: Record<string, unknown>[] = [];
  const enrolments: Record<string, unknown>[] = [];
  const papers: Record<string, unknown>[] = [];
  const academics: Record<string, unknown>[] = [];
  let n = 0;
  for (const batch of batches) {
    for (const college of colleges) {
      for (let i = 1; i <= PER_COLLEGE_AND_BATCH; i++, n++) {
        const [first, firstHi, gender] = firstNames[n % firstNames.length]!;
        const [last, lastHi] = surnames[(n * 7) % surnames.length]!;
        const [father, fatherHi] = fathers[n % fathers.length]!;
        const [mother, motherHi] = mothers[n % mothers.length]!;
        const student_id = `${batch.year}${college}${String(i).padStart(3, '0')}`;
        const course = batch.courses[i % batch.courses.length]!;
        students.push({
          student_id,
          name_en: `${first} ${last}`,
          name_hi: `${firstHi} ${lastHi}`,
          father_name_en: `${father} ${last}`,
          father_name_hi: `${fatherHi} ${lastHi}`,
          mother_name_en: `${mother} ${last}`,
          mother_name_hi: `${motherHi} ${lastHi}`,
          dob: `${batch.year - 18}-${twoDigits((n % 12) + 1)}-${twoDigits((n % 28) + 1)}`,
          gender,
          category: categories[n % categories.length]!,
          abc_id: String(100000000000 + n * 7919).slice(0, 12),
          mobile: `9${String(800000000 + n * 3571).padStart(9, '0')}`,
          email: `${first.toLowerCase()}.${student_id.toLowerCase()}@student.test`,
          college_id: college,
          admission_session_id: batch.session,
          status: 'ENROLLED',
        });
        // Secondary and senior secondary (Rajasthan board), two and four years before admission.
        for (const [seq, qualification, years, max] of [
          [1, '10th', 2, 600],
          [2, '12th', 0, 500],
        ] as const) {
          const obtained = Math.round(max * (0.45 + ((n * 13) % 50) / 100));
          academics.push({
            student_id,
            seq,
            qualification,
            board: 'Board of Secondary Education, Rajasthan',
            year: batch.year - years,
            roll_no: String(1_200_000 + n * 17 + seq),
            max_marks: String(max),
            obtained_marks: String(obtained),
            percentage: ((obtained * 100) / max).toFixed(2),
          });
        }
        for (const semester of batch.semesters) {
          const offered = demoPaperInfoSems.filter(
            (p) =>
              p.session_id === semester.session_id &&
              p.course_comb_id === course &&
              p.sem_id === semester.sem_id,
          );
          const key = {
            student_id,
            session_id: semester.session_id,
            course_comb_id: course,
            sem_id: semester.sem_id,
          };
          enrolments.push({
            ...key,
            college_id: college,
            class_roll_no: String(i),
            student_type: 'REGULAR',
            medium: i % 3 === 0 ? 'EN' : 'HI',
            attendance_percent: String(70 + (n % 30)),
            status: 'ENROLLED',
            ...batch.ruleset,
          });
          // Compulsory papers, and one choice in each elective group (alternating, so both papers have
          // takers).
          const groups = new Map<string, string[]>();
          for (const p of offered)
            if (p.group_code !== 'NG')
              groups.set(p.group_code, [...(groups.get(p.group_code) ?? []), p.paper_id]);
          for (const p of offered.filter((o) => o.group_code === 'NG'))
            papers.push({ ...key, paper_id: p.paper_id, group_code: 'NG', choice_source: 'COMPULSORY' });
          for (const [group, members] of groups)
            papers.push({
              ...key,
              paper_id: members[i % members.length]!,
              group_code: group,
              choice_source: 'ELECTIVE',
            });
        }
      }
    }
  }
  return { students, enrolments, papers, academics };
}

/**
 * Seeds the demo students into a database that has the demo colleges and no student yet; links the demo
 * student user.
 */
export async function seedDemoStudents(prisma: PrismaClient): Promise<boolean> {
  if (
    (await prisma.student.count()) > 0 ||
    (await prisma.college.count({ where: { college_id: { in: colleges } } })) < colleges.length
  )
    return false;
  const { students, enrolments, papers, academics } = demoStudentRows();
  await prisma.$transaction(async (tx) => {
    // The demo university adopted OLD-A for the 2023-24 batch and NEP from the 2024-25 batch.
    await tx.ruleset.updateMany({
      where: { ruleset_id: 'OLD-A', version: 1, wef_session_id: null },
      data: { wef_session_id: '2023-24' },
    });
    await tx.ruleset.updateMany({
      where: { ruleset_id: 'NEP', version: 1, wef_session_id: null },
      data: { wef_session_id: '2024-25' },
    });
    await inChunks(students, (part) => tx.student.createMany({ data: part as never }));
    await inChunks(enrolments, (part) => tx.studentCcinfo.createMany({ data: part as never }));
    await inChunks(papers, (part) => tx.studentPaper.createMany({ data: part as never }));
    await inChunks(academics, (part) => tx.studentAcademic.createMany({ data: part as never }));
    await tx.user.updateMany({
      where: { email: 'student@university.test', student_id: null },
      data: { student_id: DEMO_STUDENT_ID },
    });
  }, seeding);
  return true;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
