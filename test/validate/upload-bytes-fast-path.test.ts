// uploadBytes' single join never changes an answer: for generated term lists and every setting it
// gives the encoding and byte count of the per-term reference, which is also encodeTerms' body size.
import fc from 'fast-check';
import { encodeTerms, uploadBytes } from '../../src/model/terms-encoding.js';
import { referenceUploadBytes } from './reference-upload-bytes.js';

const CHARS = ['a', 'Z', '0', ' ', ',', '"', '\n', '\r', ';', 'é', '😀', '\ud83d', '\ude00', '\u00a0', '\t'];
const term = fc.array(fc.constantFrom(...CHARS), { maxLength: 6 }).map((cs) => cs.join(''));
const settings = fc.record({ termsTransport: fc.constantFrom('auto' as const, 'file' as const), csvQuoting: fc.constantFrom('none' as const, 'rfc4180' as const) }, { requiredKeys: [] });

test('uploadBytes: the encoding and bytes of the per-term reference and of the body itself', () => {
  fc.assert(
    fc.property(fc.array(term, { maxLength: 12 }), fc.oneof(settings, fc.constantFrom('auto' as const, 'file' as const, undefined)), (terms, opts) => {
      const fast = uploadBytes(terms, opts);
      expect(fast).toEqual(referenceUploadBytes(terms, opts));
      const { encoding, body } = encodeTerms(terms, opts);
      expect(fast).toEqual({ encoding, bytes: Buffer.byteLength(body, 'utf8') });
    }),
    { numRuns: 2000 },
  );
});
