/**
 * A language's messages for one module: every code of the English catalogue, and nothing else (a code without
 * its Hindi, or a Hindi without its code, fails the type check; test/messages.test.ts checks the parameters
 * agree). Templates name their parameters as `{{name}}`; a plural message has `_one` and `_other` forms
 * chosen by `count`.
 */
export type Catalogue<English> = { readonly [Code in keyof English]: string };
