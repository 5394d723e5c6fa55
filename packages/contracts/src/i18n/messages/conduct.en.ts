/** The conduct module's messages in English: `conduct.<what>` codes, `{{name}}` parameters. */
export const conduct = {} as const;
