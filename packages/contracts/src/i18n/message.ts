import type { englishMessages } from './messages-en.ts';

/**
 * A message a user reads (a refusal, a notice, a field's error) as data: a stable code from the catalogue and
 * its named parameters. It becomes a sentence only when it is read, in the reader's language
 * (`renderMessage`), so a Hindi screen gets Hindi refusals, one refusal has one wording, and a test compares
 * codes, not strings.
 */
export interface Message {
  code: MessageCode;
  params?: MessageParams;
}

/**
 * A parameter: plain values are written as they are; a `Label` is a screen text (a status, a record type)
 * shown in the reader's language; a nested message (or a list of them, joined) is rendered in the same
 * language.
 */
export type MessageParam =
  string | number | boolean | null | undefined | Label | Message | readonly Message[] | MessageList;
export type MessageParams = Readonly<Record<string, MessageParam>>;

/**
 * Items read in a row with their separator: `list([label('Verify'), label('Return')])` is "Verify, Return"
 * in English and each item in the reader's language. (A plain array of messages is joined with "; ".)
 */
export interface MessageList {
  list: ReadonlyArray<Message | Label | string>;
  separator: string;
}

export const list = (items: ReadonlyArray<Message | Label | string>, separator = ', '): MessageList => ({
  list: items,
  separator,
});

export const isList = (value: unknown): value is MessageList =>
  typeof value === 'object' && value !== null && Array.isArray((value as MessageList).list);

/** A text of the screens (its English is the key of the screens' catalogue): "Verified", "Exam form". */
export interface Label {
  label: string;
}

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type BaseCode<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every code of the catalogue; a plural message (`…_one`, `…_other`) is one code, chosen by its `count`. */
export type MessageCode = BaseCode<keyof typeof englishMessages>;

/** A message of the catalogue: `msg('results.runComputing', { run_id })`. */
export const msg = (code: MessageCode, params?: MessageParams): Message =>
  params === undefined ? { code } : { code, params };

/** A screen text as a parameter, translated with the screens: `label(resultRunStatus.labelOf(status))`. */
export const label = (text: string): Label => ({ label: text });

export const isLabel = (value: unknown): value is Label =>
  typeof value === 'object' && value !== null && typeof (value as Label).label === 'string';

export const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as Message).code === 'string';

/**
 * The parameters as an answer carries them: labels as their (English) text, nested messages as code and
 * params.
 */
export function plainParams(params: MessageParams | undefined): Record<string, unknown> | undefined {
  if (!params) return undefined;
  const plain = (value: MessageParam): unknown => {
    if (Array.isArray(value)) return value.map((inner) => plain(inner));
    if (isList(value)) return value.list.map((inner) => plain(inner));
    if (isLabel(value)) return value.label;
    if (isMessage(value)) return { code: value.code, params: plainParams(value.params) };
    return value;
  };
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, plain(value)]));
}
