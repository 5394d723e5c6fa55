/** The documents module's messages in English: `documents.<what>` codes, `{{name}}` parameters. */
export const documents = {} as const;
