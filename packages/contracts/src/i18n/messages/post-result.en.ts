/** The post-result module's messages in English: `postResult.<what>` codes, `{{name}}` parameters. */
export const postResult = {} as const;
