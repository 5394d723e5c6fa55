import { z } from 'zod';
import { keyText, optionalText, requiredText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';
import { hindiText, optionalKey } from '../fields.ts';

export const paperResource = defineResource({
  name: 'paper',
  title: 'Paper',
  keyFields: ['paper_id'],
  capability: masterDataAccess,
  // A department's faculty enter the marks of their department's papers.
  scopeFields: { department: 'dept_id' },
  fields: {
    paper_id: keyText(),
    paper_name: requiredText(200),
    paper_code: optionalText(50),
    paper_desc: optionalText(500),
    paper_code_desc: optionalText(500),
    paper_name_hi: hindiText(200),
    // The teaching department; null for a paper no department owns (a university-wide AECC).
    dept_id: optionalKey(),
  },
  updatable: ['paper_name', 'paper_code', 'paper_desc', 'paper_code_desc', 'paper_name_hi', 'dept_id'],
  parents: [{ resource: 'department', fields: ['dept_id'] }],
  searchFields: ['paper_id', 'paper_name', 'paper_code'],
  extras: { dept_name: z.string().optional() },
});
