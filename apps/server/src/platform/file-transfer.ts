// Files in and out of HTTP, for every route that takes or sends one (employee documents, avatars, the
// file manager, cash-report attachments, videos): the one file of a multipart upload, read whole within the
// route's size limit with the form's text fields (control characters refused, bidirectional-text ones
// dropped from the name), and a file sent back — from memory, or streamed from the storage with byte
// ranges — with its Content-Disposition and the headers that keep a browser from running it.
import { isTypedText } from '@bottega/contracts/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { AppError } from './errors';
import type { Storage } from './storage-contract';

/**
 * Control characters, the bidirectional-text ones included: U+202E (right-to-left override) makes
 * "invoice‮fdp.exe" read as "invoiceexe.pdf", and the others can reorder or hide parts of a name.
 */
const controlCharacters = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A file name as people may be shown it: without control characters (see above). */
export function withoutControlCharacters(name: string): string {
  return name.replace(controlCharacters, '');
}

/** An uploaded file as the browser sent it: its bytes, the name (without bidirectional controls) and type it claims. */
export type Upload = { bytes: Uint8Array; fileName: string; declaredType: string };

/** The form's text fields (the file manager's target `path`), whether sent before or after the file. */
export type UploadForm = Upload & { fields: Record<string, string> };

/** The one file of a multipart request within `limitBytes` (413 beyond it, 415 when not multipart, 422 without a file). */
export async function readUpload(request: FastifyRequest, limitBytes: number): Promise<UploadForm> {
  let upload: Upload | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: limitBytes } })) {
      if (part.type === 'file') {
        const bytes = new Uint8Array(await part.toBuffer());
        upload ??= { bytes, fileName: part.filename, declaredType: part.mimetype };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('fileTooLarge', { max: formatBinarySize(limitBytes) });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupportedMediaType');
    throw error;
  }
  if (!upload) throw new AppError('validation', {}, { file: [{ rule: 'required' }] });
  // A multipart form passes no schema and no JSON guard: its file name and fields get the text check here.
  const texts: [string, string][] = [['file', upload.fileName], ...Object.entries(fields)];
  const refused = texts.find(([name, value]) => !isTypedText(name) || !isTypedText(value));
  if (refused) {
    // A field whose very name is refused is not echoed back.
    const field = isTypedText(refused[0]) ? refused[0] : '_';
    throw new AppError('validation', {}, { [field]: [{ rule: 'textCharacters' }] });
  }
  // What is left to drop are the bidirectional-text controls, which a typed name may hold by accident.
  return { ...upload, fileName: withoutControlCharacters(upload.fileName), fields };
}

const binaryUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** Sizes in binary units, as the web shows them (spec §9): 10 MiB, 1,5 KiB. */
export function formatBinarySize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < binaryUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits).replace('.', ',')} ${binaryUnits[unit]}`;
}

/** RFC 6266 with RFC 5987's `filename*`: an ASCII fallback name and the exact one in UTF-8. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  // Names stored before uploads were cleaned may still hold control characters.
  const fileName = withoutControlCharacters(name);
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The headers of every file sent: its type (the one sniffed on upload, or text/plain), nosniff so a browser reads it as
 * nothing else, the sandbox so no script in it runs with the app's origin when it is opened from its URL, never cached;
 * with a name, inline for the in-page preview or as an attachment.
 */
function fileHeaders(reply: FastifyReply, type: string, disposition?: { kind: 'inline' | 'attachment'; name: string }) {
  reply
    .type(type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'private, no-store');
  if (disposition) reply.header('content-disposition', contentDisposition(disposition.kind, disposition.name));
  return reply;
}

/** Sends a file held in memory (one made for the request, or a small stored one read whole). */
export function sendFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; fileName: string; type: string },
  kind: 'inline' | 'attachment',
) {
  return fileHeaders(reply, file.type, { kind, name: file.fileName }).send(Buffer.from(file.bytes));
}

/**
 * Sends a stored file streamed from the storage, whole or the one byte range asked for (a video player seeks, a
 * download manager resumes): 206 with its Content-Range, 416 for a range outside the file. Several ranges at once are
 * answered whole, which HTTP allows.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { storage: Storage; key: string; type: string; disposition?: { kind: 'inline' | 'attachment'; name: string } },
) {
  const size = await file.storage.size(file.key);
  fileHeaders(reply, file.type, file.disposition).header('accept-ranges', 'bytes');
  const header = request.headers.range;
  const ranges = header ? parseRange(size, header, { combine: true }) : undefined;
  if (ranges === -1) return reply.status(416).header('content-range', `bytes */${size}`).send();
  const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await file.storage.stream(file.key, range));
  }
  return reply.header('content-length', size).send(await file.storage.stream(file.key));
}
