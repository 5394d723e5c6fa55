/** The marks module's messages in English: `marks.<what>` codes, `{{name}}` parameters. */
export const marks = {} as const;
