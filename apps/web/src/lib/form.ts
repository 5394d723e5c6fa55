import { toNestErrors } from '@hookform/resolvers';
import { issueMessage } from '@exam/contracts';
import type { FieldError, FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';
import { renderMessage } from './i18n.ts';

/** What inputs hold: text for every field, whatever type the contract parses it into. */
export type TextValues<T> = { [K in keyof T]: string };

/**
 * A react-hook-form resolver from a contract schema. The contracts preprocess raw input (trim, empty to null,
 * numeric text to numbers), so their input type is `unknown`; the form holds text and submits the parsed
 * output. Each field shows its first error, rendered from its code in the screens' language (as the server's
 * are).
 */
export const contractResolver = <S extends z.ZodType<Record<string, unknown>>>(schema: S) =>
  (async (values: FieldValues, _context: unknown, options: ResolverOptions<FieldValues>) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = Object.create(null);
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= { type: issue.code, message: renderMessage(issueMessage(issue)) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  }) as unknown as Resolver<TextValues<z.output<S>>, unknown, z.output<S>>;
