/** The students module's messages in English: `students.<what>` codes, `{{name}}` parameters. */
export const students = {} as const;
