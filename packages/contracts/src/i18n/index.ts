// Messages as codes with parameters, rendered in the reader's language
// (docs/decisions/0030-messages-as-codes.md).
export * from './message.ts';
export * from './catalogue.ts';
export * from './render.ts';
export * from './issues.ts';
export { englishMessages } from './messages-en.ts';
