/** The exam-forms module's messages in English: `examForms.<what>` codes, `{{name}}` parameters. */
export const examForms = {} as const;
