import { z } from 'zod';
import { text } from './common';
import type { ErrorCode } from './errors';
import type { Ability } from './permissions';

// The embedded file manager (spec §2, §3, §7). One endpoint per root — its "configured url" — takes
// `?q=` index, newfolder, newDragedfolder, rename, delete, read, download (GET) and upload (POST,
// multipart with `file` and `path`). Answers carry `status` (true) and `message`; a refusal answers
// `status: false` with the localized message and the usual error `code`.
//
// Paths are written from the root: `/` is the root itself, `/Contratti/2026/offerta.pdf` a file in it.
// Nothing on disk is ever named after them (files are kept under opaque storage keys), and every path
// is checked by `normalizeFilePath` before use, so no path can leave its root.

/** The roots: the company-wide documents, and one folder per shop (reached only by the shop's people). */
export const fileRootKinds = ['company', 'shop'] as const;
export type FileRootKind = (typeof fileRootKinds)[number];

/** Who may read (list, preview, download) and who may change (upload, new folder, rename, delete) a root. */
export const fileRootAbilities: Record<FileRootKind, { read: Ability; write: Ability }> = {
  company: { read: 'employees.dashboard', write: 'employees.manage.uploadManagementDocument' },
  shop: { read: 'employees.dashboard', write: 'shops.manage.edit' },
};

/** The configured url of each root, as the web component is given it. */
export const fileRootUrl = {
  company: () => '/api/files/company',
  shop: (shopId: number) => `/api/files/shops/${shopId}`,
};

export const fileQueries = ['index', 'newfolder', 'newDragedfolder', 'rename', 'delete', 'read', 'download'] as const;
export type FileQuery = (typeof fileQueries)[number] | 'upload';

/** What an item is: a folder, or the kind of file its content (not its name) turned out to be. */
export const fileKinds = ['image', 'pdf', 'text', 'document', 'spreadsheet', 'presentation', 'archive'] as const;
export type FileKind = (typeof fileKinds)[number];
export const fileItemTypes = ['folder', ...fileKinds] as const;
export type FileItemType = (typeof fileItemTypes)[number];

/** Kinds the browser can show in the preview modal. */
export const previewableKinds: readonly FileItemType[] = ['image', 'pdf', 'text'];

/** Limits of names and paths: a name's UTF-8 bytes, a path's characters, how deep folders nest. */
export const fileNameMaxBytes = 255;
export const filePathMaxLength = 1024;
export const fileTreeMaxDepth = 32;

/** Spec §9: long names are shortened to roughly 15 characters in grid view. */
export const gridNameLength = 15;

/** Spec §7: the folder-creation requests of a dropped folder tree, at most 40 at once and 5 a second. */
export const dropFolderConcurrency = 40;
export const dropFolderPerSecond = 5;

/** Why a name cannot be used; null when it can. Checked alike on screen and on the server. */
export type FileNameProblem = 'empty' | 'dotName' | 'reservedName' | 'reservedCharacter' | 'trailing' | 'tooLong';

// Windows cannot hold these names (with any extension), nor these characters; they are refused
// everywhere so that a download always unpacks on the office's PCs. Control characters (C0 and C1)
// and the bidirectional overrides are refused too: they let a name read differently from what it is
// ("fattura\u202Efdp.exe" shows as "fatturaexe.pdf").
const windowsReservedName = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
const reservedCharacter = /[<>:"/\\|?*\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

export function fileNameProblem(name: string): FileNameProblem | null {
  if (name.trim() === '') return 'empty';
  if (name === '.' || name === '..') return 'dotName';
  if (reservedCharacter.test(name)) return 'reservedCharacter';
  if (/[ .]$/.test(name) || /^\s/.test(name)) return 'trailing';
  if (windowsReservedName.test(name)) return 'reservedName';
  if (new TextEncoder().encode(name).length > fileNameMaxBytes) return 'tooLong';
  return null;
}

/** Why a path cannot be used: one of its names, or the path as a whole. */
export type FilePathProblem = FileNameProblem | 'encoded' | 'tooDeep' | 'pathTooLong' | 'relative';

/** The error code (contracts/errors.ts) that explains each problem, on screen and in the server's refusal. */
export const filePathProblemErrors = {
  empty: 'fileNameEmpty',
  dotName: 'fileNameDot',
  reservedName: 'fileNameReserved',
  reservedCharacter: 'fileNameCharacter',
  trailing: 'fileNameTrailing',
  tooLong: 'fileNameTooLong',
  encoded: 'filePathEncoded',
  tooDeep: 'filePathTooDeep',
  pathTooLong: 'filePathTooLong',
  relative: 'filePathRelative',
} as const satisfies Record<FilePathProblem, ErrorCode>;

/** The numbers the messages of the limits show (`{{max}}`). */
export const filePathProblemParams: Partial<Record<FilePathProblem, { max: number }>> = {
  tooLong: { max: fileNameMaxBytes },
  tooDeep: { max: fileTreeMaxDepth },
  pathTooLong: { max: filePathMaxLength },
};

export class FilePathError extends Error {
  constructor(readonly problem: FilePathProblem) {
    super(`invalid file path: ${problem}`);
  }
}

/**
 * The one reading of a path sent by a client: `/`-separated names from the root (a leading `/` is
 * optional, one trailing `/` is allowed), each a valid name in Unicode NFC. Refused, never repaired:
 * `.` and `..`, empty names (`a//b`), backslashes, NUL and control characters, percent-encoded
 * separators or dots (the query string was decoded once already), drive letters, too deep, too long.
 * Answers `/` for the root or `/name/…` with no trailing slash.
 */
export function normalizeFilePath(input: string): string {
  if (input.length > filePathMaxLength) throw new FilePathError('pathTooLong');
  // A second decoding must change nothing that matters: `%2e%2e`, `%2f` and `%5c` are refused.
  if (/%(2e|2f|5c|00)/i.test(input)) throw new FilePathError('encoded');
  const nfc = input.normalize('NFC');
  if (nfc === '' || nfc === '/') return '/';
  if (/^[a-z]:/i.test(nfc) || nfc.startsWith('~')) throw new FilePathError('relative');
  const trimmed = nfc.replace(/^\//, '').replace(/\/$/, '');
  const names = trimmed.split('/');
  if (names.length > fileTreeMaxDepth) throw new FilePathError('tooDeep');
  for (const name of names) {
    const problem = fileNameProblem(name);
    if (problem) throw new FilePathError(problem);
  }
  return `/${names.join('/')}`;
}

/** The folder holding a normalized path (`/` for a top-level item), and its last name. */
export function splitFilePath(path: string): { dirname: string; basename: string } {
  const cut = path.lastIndexOf('/');
  return { dirname: cut <= 0 ? '/' : path.slice(0, cut), basename: path.slice(cut + 1) };
}

/** A name inside a folder, both already valid. */
export function joinFilePath(folder: string, name: string): string {
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}

// ——— Answers ———

/** Spec §3 file-manager item. `timestamp`: seconds since 1970 of the last change; `fileUrl`: its download. */
export const fileItemSchema = z.object({
  path: z.string(),
  dirname: z.string(),
  basename: z.string(),
  type: z.enum(fileItemTypes),
  size: z.number().int().nonnegative(),
  timestamp: z.number().int(),
  fileUrl: z.string(),
});
export type FileItem = z.infer<typeof fileItemSchema>;

const statusFields = { status: z.literal(true), message: z.string() };

/** Spec §3 folder listing: the folder, the root's name, the parent folder (null at the root), its items. */
export const folderListingSchema = z.object({
  ...statusFields,
  dirname: z.string(),
  root: z.string(),
  parent: z.string().nullable(),
  files: z.array(fileItemSchema),
  /** The caller may change this root (upload, new folder, rename, delete). */
  writable: z.boolean(),
});
export type FolderListing = z.infer<typeof folderListingSchema>;

export const fileStatusSchema = z.object(statusFields);
export type FileStatus = z.infer<typeof fileStatusSchema>;

/** A created folder or an uploaded file. */
export const fileItemStatusSchema = z.object({ ...statusFields, item: fileItemSchema });

/** A refusal: `status: false`, the localized message, the error code (and field errors on 422). */
export const fileRefusalSchema = z.object({
  status: z.literal(false),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

// ——— Requests ———

// Bounds well past the path checks' own limits (filePathProblem), so a long name or path still gets their
// sharper message; these only stop what no path could be.
/** Most items one delete takes. */
const deleteItemsMax = 1000;
const pathText = text(4 * filePathMaxLength, { trim: false });
const nameText = text(4 * fileNameMaxBytes, { trim: false });

/** `items` of q=delete: a JSON list of `{ path, type }`. */
export const deleteItemsSchema = z
  .array(z.object({ path: pathText, type: text(20, { trim: false }) }))
  .min(1)
  .max(deleteItemsMax);

export const fileQuerySchema = z.discriminatedUnion('q', [
  z.object({ q: z.literal('index'), path: pathText.default('/') }),
  z.object({ q: z.literal('newfolder'), path: pathText, name: nameText }),
  z.object({ q: z.literal('newDragedfolder'), path: pathText, name: nameText }),
  z.object({ q: z.literal('rename'), from: pathText, to: pathText }),
  z.object({ q: z.literal('delete'), items: text(deleteItemsMax * 4 * filePathMaxLength, { trim: false }) }),
  z.object({ q: z.literal('read'), path: pathText }),
  z.object({ q: z.literal('download'), path: pathText }),
]);
export type FileRequest = z.infer<typeof fileQuerySchema>;

export const fileUploadQuerySchema = z.object({ q: z.literal('upload') });
