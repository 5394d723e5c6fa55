import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** What inputs hold: text for every field, whatever type the contract parses it into. */
export type TextValues<T> = { [K in keyof T]: string };

/**
 * A react-hook-form resolver from a contract schema. The contracts preprocess raw input (trim, empty to null,
 * numeric text to numbers), so their input type is `unknown`; the form holds text and submits the parsed output.
 */
export const contractResolver = <S extends z.ZodType<Record<string, unknown>>>(schema: S) =>
  zodResolver(schema as never) as unknown as Resolver<TextValues<z.output<S>>, unknown, z.output<S>>;
