// The separate student-records demo service's shapes.
export * from './student.ts';
