// The Hindi messages of every module: loaded by the web app only when Hindi is chosen.
import type { Catalogue } from './catalogue.ts';
import type { englishMessages } from './messages-en.ts';
import { auth } from './messages/auth.hi.ts';
import { coding } from './messages/coding.hi.ts';
import { conduct } from './messages/conduct.hi.ts';
import { documents } from './messages/documents.hi.ts';
import { explanations } from './messages/explanations.hi.ts';
import { examForms } from './messages/exam-forms.hi.ts';
import { files } from './messages/files.hi.ts';
import { jobs } from './messages/jobs.hi.ts';
import { marks } from './messages/marks.hi.ts';
import { masterData } from './messages/master-data.hi.ts';
import { platform } from './messages/platform.hi.ts';
import { postResult } from './messages/post-result.hi.ts';
import { records } from './messages/records.hi.ts';
import { results } from './messages/results.hi.ts';
import { server } from './messages/server.hi.ts';
import { students } from './messages/students.hi.ts';
import { validation } from './messages/validation.hi.ts';

export const hindiMessages: Catalogue<typeof englishMessages> = {
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
};
export default hindiMessages;
