/** The coding module's messages in English: `coding.<what>` codes, `{{name}}` parameters. */
export const coding = {} as const;
