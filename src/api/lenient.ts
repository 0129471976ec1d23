// Field readers for responses, as lenient as the published description is loose: its schemas and
// its examples disagree on types (integer minutes sent as floats, integer deviceId sent as text),
// so where that is harmless a number may come as text and text as a number.
import { z } from 'zod';

/** A number, or text holding one ("1720023805", "0.5"). */
export const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'expected a number')
    .transform(Number),
]);

/** Text, or a number taken as its text. */
export const textLike = z.union([z.string(), z.number().transform(String)]);

/** A boolean; absent or null are left to the caller's default. */
export const optionalBoolean = z.boolean().nullish().transform((v) => v ?? undefined);

/** Optional numberLike; null counts as absent. */
export const optionalNumber = numberLike.nullish().transform((v) => v ?? undefined);

/** What a schema refused, as `path: message` of its first issue (just the message at the top level). */
export function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue?.message ?? 'does not fit'}`;
}

/** Optional textLike; null counts as absent. */
export const optionalText = textLike.nullish().transform((v) => v ?? undefined);
