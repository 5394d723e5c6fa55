// The English messages of every module, one catalogue (codes are unique across modules: each starts with its
// module).
import { auth } from './messages/auth.en.ts';
import { coding } from './messages/coding.en.ts';
import { conduct } from './messages/conduct.en.ts';
import { documents } from './messages/documents.en.ts';
import { explanations } from './messages/explanations.en.ts';
import { examForms } from './messages/exam-forms.en.ts';
import { files } from './messages/files.en.ts';
import { jobs } from './messages/jobs.en.ts';
import { marks } from './messages/marks.en.ts';
import { masterData } from './messages/master-data.en.ts';
import { platform } from './messages/platform.en.ts';
import { postResult } from './messages/post-result.en.ts';
import { records } from './messages/records.en.ts';
import { results } from './messages/results.en.ts';
import { server } from './messages/server.en.ts';
import { students } from './messages/students.en.ts';
import { validation } from './messages/validation.en.ts';

export const englishMessages = {
  ...auth,
  ...coding,
  ...conduct,
  ...documents,
  ...explanations,
  ...examForms,
  ...files,
  ...jobs,
  ...marks,
  ...masterData,
  ...platform,
  ...postResult,
  ...records,
  ...results,
  ...server,
  ...students,
  ...validation,
} as const;
