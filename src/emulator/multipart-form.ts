// Reads the multipart body of POST/PUT /moderation/keywords into a ListForm. Anything that is not
// well-formed multipart becomes 400 ERR_BAD_REQUEST; oversized parts become 413.
import type { FastifyRequest } from 'fastify';
import { badRequest, EmulatorHttpError } from './http-errors.js';
import type { ListForm } from './keyword-rules.js';

const TEXT_PARTS = ['id', 'name', 'description', 'category', 'searchTerms'] as const;
/** A sentence list sends one part per sentence: room for a large list, still a bound. */
const MAX_PARTS = 100_000;
type TextPart = (typeof TEXT_PARTS)[number];

export async function readListForm(request: FastifyRequest, bodyLimitBytes: number): Promise<ListForm> {
  if (!request.isMultipart()) {
    throw badRequest('The body must be multipart/form-data with the parts category, searchTerms or file (disallowedSentences for sentence-similarity), id, name, description.');
  }
  const form: ListForm = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: bodyLimitBytes, fieldSize: bodyLimitBytes, parts: MAX_PARTS } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer(); // always drain, or the request never ends
        if (part.fieldname === 'file') form.file = bytes;
        continue;
      }
      if (part.valueTruncated) throw tooLarge(`the part "${part.fieldname}"`);
      if (part.fieldname === 'file') throw badRequest('The part "file" must be a file upload (with a filename).');
      if ((TEXT_PARTS as readonly string[]).includes(part.fieldname)) {
        form[part.fieldname as TextPart] = String(part.value);
      } else if (part.fieldname.startsWith('disallowedSentences')) {
        // Every array encoding is collected; keyword-rules reads only the one the emulator is told.
        (form.sentenceParts ??= []).push({ name: part.fieldname, value: String(part.value) });
      }
    }
  } catch (err) {
    if (err instanceof EmulatorHttpError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge('the request');
    throw badRequest(`The multipart body could not be read: ${(err as Error).message}`);
  }
  return form;
}

function tooLarge(what: string): EmulatorHttpError {
  return new EmulatorHttpError(413, 'ERR_BAD_REQUEST', `The body is too large: ${what} exceeds the limit.`);
}
