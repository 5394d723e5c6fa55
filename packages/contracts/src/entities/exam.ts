import { defineEnum, keyText, optionalText } from '../fields.ts';
import { defineResource } from '../resource.ts';

export const activeStatus = defineEnum([
  { value: 0, label: 'Not Active' },
  { value: 1, label: 'Active' },
]);

export const examResource = defineResource({
  name: 'exam',
  title: 'Exam',
  keyFields: ['exam_id'],
  fields: {
    exam_id: keyText(),
    exam_desc: optionalText(500),
    active_status: activeStatus.schema,
    session_id: keyText(),
  },
  updatable: ['exam_desc', 'active_status', 'session_id'],
  parents: [{ resource: 'session', fields: ['session_id'] }],
  searchFields: ['exam_id', 'exam_desc', 'session_id'],
});
