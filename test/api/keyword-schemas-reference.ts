// The keyword list response schemas as they were before the searchTerms fast path (z.array copying
// every term array): the reference of keyword-schemas.property.test.ts.
import { z } from 'zod';
import type { ReadKeywordList } from '../../src/api/keywords.js';
import { optionalBoolean, optionalNumber, textLike } from '../../src/api/lenient.js';

// Loose: the service adds fields (`_id`, `appId`, `__v`). Required are only the fields a plan
// needs; the published examples leave out `default` (= not a default list) and `description`.
// The category is read as any text here: a category kwsync does not know must not sink a listing.
export const referenceLiveKeywordListSchema = z
  .looseObject({
    id: z.string().min(1),
    name: z.string(),
    description: z.string().nullish(),
    category: z.string().min(1),
    searchTerms: z.array(z.string()).nullish(),
    disallowedSentences: z.array(z.string()).nullish(),
    revisionId: textLike,
    default: optionalBoolean,
    isCSV: optionalBoolean,
    active: optionalBoolean,
    createdAt: optionalNumber,
    updatedAt: optionalNumber,
  })
  .check((ctx) => {
    if (ctx.value.searchTerms == null && ctx.value.disallowedSentences == null) {
      ctx.issues.push({ code: 'custom', message: 'the list has neither searchTerms nor disallowedSentences', path: ['searchTerms'], input: ctx.value });
    }
  })
  .transform(
    (l): ReadKeywordList => ({
      id: l.id,
      name: l.name,
      // '' keeps "none" and "not returned" alike.
      description: l.description ?? '',
      category: l.category,
      searchTerms: (l.category === 'sentence-similarity' ? (l.disallowedSentences ?? l.searchTerms) : (l.searchTerms ?? l.disallowedSentences)) ?? [],
      revisionId: l.revisionId,
      default: l.default ?? false,
      ...(l.isCSV !== undefined ? { isCSV: l.isCSV } : {}),
      ...(l.active !== undefined ? { active: l.active } : {}),
      ...(l.createdAt !== undefined ? { createdAt: l.createdAt } : {}),
      ...(l.updatedAt !== undefined ? { updatedAt: l.updatedAt } : {}),
    }),
  );

const listingCurrentSchema = z.looseObject({ limit: optionalNumber, count: optionalNumber });

export const referenceKeywordListsResponseSchema = z.looseObject({
  data: z.array(referenceLiveKeywordListSchema),
  meta: z.looseObject({ current: listingCurrentSchema.nullish() }).nullish(),
});

export const referenceKeywordListResponseSchema = z.looseObject({ data: referenceLiveKeywordListSchema });
