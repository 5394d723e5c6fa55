/** The master-data module's messages in English: `masterData.<what>` codes, `{{name}}` parameters. */
export const masterData = {} as const;
