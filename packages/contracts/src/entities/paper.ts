import { keyText, optionalText, requiredText } from '../fields.ts';
import { defineResource } from '../resource.ts';

export const paperResource = defineResource({
  name: 'paper',
  title: 'Paper',
  keyFields: ['paper_id'],
  fields: {
    paper_id: keyText(),
    paper_name: requiredText(200),
    paper_code: optionalText(50),
    paper_desc: optionalText(500),
    paper_code_desc: optionalText(500),
  },
  updatable: ['paper_name', 'paper_code', 'paper_desc', 'paper_code_desc'],
  searchFields: ['paper_id', 'paper_name', 'paper_code'],
});
