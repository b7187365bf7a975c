// Files in and out of HTTP, for every route that takes or sends one (employee documents, avatars, the
// file manager): the one file of a multipart upload, read whole within the route's size limit with the
// form's text fields, and the Content-Disposition of a file sent back.
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** An uploaded file as the browser sent it: its bytes, the name and type it claims. */
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
  return { ...upload, fields };
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
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
