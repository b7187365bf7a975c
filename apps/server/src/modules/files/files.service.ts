// The embedded file manager (spec §2, §3, §7): the folders and files of a root, as metadata rows whose
// bytes sit in the Storage. Every path is read by normalizeFilePath first and names compare without
// case, so no path leaves its root and no name is taken twice in one folder.
import type { Language } from '@bottega/contracts/common';
import {
  deleteItemsSchema,
  type FileItem,
  type FileKind,
  FilePathError,
  type FilePathProblem,
  type FileRootKind,
  type FolderListing,
  fileNameProblem,
  filePathMaxLength,
  filePathProblemErrors,
  filePathProblemParams,
  fileRootAbilities,
  fileRootUrl,
  fileTreeMaxDepth,
  joinFilePath,
  normalizeFilePath,
  splitFilePath,
} from '@bottega/contracts/files';
import { and, eq, or, sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { UploadForm } from '../../platform/file-transfer';
import { translate } from '../../platform/i18n';
import type { SessionContext } from '../../platform/sessions';
import { type Storage, sniffFileType } from '../../platform/storage';
import { loadVisibleShop } from '../shops/shops.service';
import { fileEntries } from './files.schema';

export type FileRootRef = { kind: 'company' } | { kind: 'shop'; shopId: number };

/** What every file manager call starts from: who asks, in which root. */
type RootCall = { db: Database; session: SessionContext; root: FileRootRef };

type OpenRoot = {
  kind: FileRootKind;
  /** The `root` column: 'company' or 'shop:<id>'. */
  key: string;
  /** Where the Storage keeps its bytes. */
  area: string;
  url: string;
  /** The shop's name; the company root is named in the reader's language. */
  shopName: string | null;
  writable: boolean;
};

type EntryRow = typeof fileEntries.$inferSelect;

const auditEntity = 'files';

/** The company root's `root` value and Storage area (the demo data fills it too). */
export const companyRoot = { key: 'company', area: 'files/company' } as const;

/** The root if the session may read it (another shop answers 404, as elsewhere), refusing a change without its write ability. */
async function openRoot(options: {
  db: Executor;
  session: SessionContext;
  root: FileRootRef;
  write?: boolean;
}): Promise<OpenRoot> {
  const { db, session, root } = options;
  const writable = session.abilities.has(fileRootAbilities[root.kind].write);
  if (options.write && !writable) throw new AppError('forbidden');
  if (root.kind === 'company') {
    return { kind: 'company', ...companyRoot, url: fileRootUrl.company(), shopName: null, writable };
  }
  const shop = await loadVisibleShop(db, session, root.shopId);
  return {
    kind: 'shop',
    key: `shop:${shop.id}`,
    area: `files/shop-${shop.id}`,
    url: fileRootUrl.shop(shop.id),
    shopName: shop.name,
    writable,
  };
}

function pathProblem(problem: FilePathProblem): AppError {
  return new AppError(filePathProblemErrors[problem], filePathProblemParams[problem] ?? {});
}

/** A path as a client sent it, normalized, or the 422 that says what is wrong with it. */
function parsePath(input: string): string {
  try {
    return normalizeFilePath(input);
  } catch (error) {
    if (error instanceof FilePathError) throw pathProblem(error.problem);
    throw error;
  }
}

/** One name (of a new folder, of an uploaded file), in NFC like every path. */
function parseName(input: string): string {
  const name = input.normalize('NFC');
  const problem = fileNameProblem(name);
  if (problem) throw pathProblem(problem);
  return name;
}

const samePath = (root: string, path: string) =>
  and(eq(fileEntries.root, root), sql`lower(${fileEntries.path}) = lower(${path})`);

/** Everything below a folder; starts_with rather than LIKE, whose wildcards a name may contain. */
const below = (root: string, folder: string) =>
  and(eq(fileEntries.root, root), sql`starts_with(${fileEntries.path}, ${folder} || '/')`);

async function findEntry(db: Executor, root: string, path: string, lock = false): Promise<EntryRow | undefined> {
  const query = db.select().from(fileEntries).where(samePath(root, path));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The folder's path as stored (its own case), or 404 when it is missing or a file. */
async function findFolder(db: Executor, root: string, path: string): Promise<string> {
  if (path === '/') return '/';
  const row = await findEntry(db, root, path);
  if (row?.kind !== 'folder') throw new AppError('folderNotFound');
  return row.path;
}

type ItemFields = Pick<EntryRow, 'path' | 'parent' | 'name' | 'kind' | 'size'> & { timestamp: number };

function toFileItem(row: ItemFields, rootUrl: string): FileItem {
  return {
    path: row.path,
    dirname: row.parent,
    basename: row.name,
    type: row.kind,
    size: row.size,
    timestamp: row.timestamp,
    fileUrl: row.kind === 'folder' ? '' : `${rootUrl}?q=download&path=${encodeURIComponent(row.path)}`,
  };
}

function itemOfRow(row: EntryRow, rootUrl: string): FileItem {
  return toFileItem({ ...row, timestamp: Math.floor(row.updatedAt.getTime() / 1000) }, rootUrl);
}

/** A listed item as json_agg hands it over: path, name, kind, size, seconds of the last change. */
type ListedItem = [path: string, name: string, kind: EntryRow['kind'], size: number, timestamp: number];

/** Spec §3 folder listing: folders first, then files, by name. */
export async function listFolder(
  options: RootCall & {
    path: string;
    lng: Language;
  },
): Promise<FolderListing> {
  const { db, session, lng } = options;
  const root = await openRoot({ db, session, root: options.root });
  const folder = await findFolder(db, root.key, parsePath(options.path));
  // One JSON value instead of a row per item: handing thousands of rows over costs the embedded
  // database several times more than building the list itself (bench/run.ts lists 5,000 files).
  const [listed] = await db
    .select({
      items: sql<string>`coalesce(json_agg(json_build_array(${fileEntries.path}, ${fileEntries.name}, ${fileEntries.kind}, ${fileEntries.size}, floor(extract(epoch from ${fileEntries.updatedAt}))::bigint) order by ${fileEntries.kind} = 'folder' desc, lower(${fileEntries.name}), ${fileEntries.name}), '[]')::text`,
    })
    .from(fileEntries)
    .where(and(eq(fileEntries.root, root.key), eq(fileEntries.parent, folder)));
  const items = JSON.parse(listed?.items ?? '[]') as ListedItem[];
  return {
    status: true,
    message: '',
    dirname: folder,
    root: root.shopName ?? translate(lng, 'files:roots.company'),
    parent: folder === '/' ? null : splitFilePath(folder).dirname,
    files: items.map(([path, name, kind, size, timestamp]) =>
      toFileItem({ path, parent: folder, name, kind, size: Number(size), timestamp: Number(timestamp) }, root.url),
    ),
    writable: root.writable,
  };
}

/** Inserts a folder unless its name is taken (also by a concurrent request): then answers undefined. */
async function insertFolder(tx: Executor, root: OpenRoot, path: string, actorId: number, ip?: string) {
  const { dirname, basename } = splitFilePath(path);
  const [row] = await tx
    .insert(fileEntries)
    .values({ root: root.key, path, parent: dirname, name: basename, kind: 'folder', createdBy: actorId })
    .onConflictDoNothing()
    .returning();
  if (row) {
    await writeAudit(tx, {
      actorId,
      action: 'files.folderCreated',
      entity: auditEntity,
      entityId: root.key,
      toState: path,
      data: { root: root.key, path },
      ip,
    });
  }
  return row;
}

/**
 * q=newfolder: a new folder `name` in the existing folder `path` (409 when the name is taken).
 * q=newDragedfolder (`merge`): the folder of a dropped tree; `name` may hold several levels. Requests
 * arrive up to 40 at once and in any order, so missing folders on the way are created and an existing
 * folder is reused: dropping a tree again merges into it.
 */
export async function createFolder(
  options: RootCall & {
    path: string;
    name: string;
    merge: boolean;
    ip?: string;
  },
): Promise<FileItem> {
  const { db, session, merge, ip } = options;
  const root = await openRoot({ db, session, root: options.root, write: true });
  const folder = parsePath(options.path);
  const wanted = parsePath(joinFilePath(folder, merge ? options.name : parseName(options.name)));
  return db.transaction(async (tx) => {
    if (!merge) {
      const { dirname, basename } = splitFilePath(wanted);
      const parent = await findFolder(tx, root.key, dirname);
      const row = await insertFolder(tx, root, joinFilePath(parent, basename), session.userId, ip);
      if (!row) throw new AppError('fileExists', { name: basename });
      return itemOfRow(row, root.url);
    }
    let current: EntryRow | undefined;
    for (const name of wanted.slice(1).split('/')) {
      const path = joinFilePath(current?.path ?? '/', name);
      current =
        (await insertFolder(tx, root, path, session.userId, ip)) ??
        // Taken: by the same folder (merge into it), or by a file, which a folder cannot replace.
        (await findEntry(tx, root.key, path));
      if (current?.kind !== 'folder') throw new AppError('fileExists', { name });
    }
    return itemOfRow(current as EntryRow, root.url);
  });
}

/** A change of name, a move to another folder, or both; a folder takes its whole content along. */
export async function renameFileItem(
  options: RootCall & {
    from: string;
    to: string;
    ip?: string;
  },
): Promise<void> {
  const { db, session, ip } = options;
  const root = await openRoot({ db, session, root: options.root, write: true });
  const from = parsePath(options.from);
  const to = parsePath(options.to);
  if (from === '/' || to === '/') throw new AppError('fileRootLocked');
  await db.transaction(async (tx) => {
    const source = await findEntry(tx, root.key, from, true);
    if (!source) throw new AppError('notFound');
    const { dirname, basename } = splitFilePath(to);
    const target = joinFilePath(await findFolder(tx, root.key, dirname), basename);
    if (target === source.path) return;
    const lowerSource = source.path.toLowerCase();
    if (source.kind === 'folder' && target.toLowerCase().startsWith(`${lowerSource}/`)) {
      throw new AppError('folderIntoItself');
    }
    const taken = await findEntry(tx, root.key, target);
    // The same item may change only the case of its name.
    if (taken && taken.id !== source.id) throw new AppError('fileExists', { name: basename });
    if (source.kind === 'folder') await assertContentFits(tx, root.key, source.path, target);

    await tx
      .update(fileEntries)
      .set({ path: target, parent: splitFilePath(target).dirname, name: basename, updatedAt: new Date() })
      .where(eq(fileEntries.id, source.id));
    // The content keeps its place under the folder: only the start of its paths changes.
    await tx
      .update(fileEntries)
      .set({
        path: sql`${target} || substr(${fileEntries.path}, length(${source.path}) + 1)`,
        parent: sql`${target} || substr(${fileEntries.parent}, length(${source.path}) + 1)`,
      })
      .where(below(root.key, source.path));
    await writeAudit(tx, {
      actorId: session.userId,
      action: 'files.renamed',
      entity: auditEntity,
      entityId: root.key,
      fromState: source.path,
      toState: target,
      data: { root: root.key, from: source.path, to: target, type: source.kind },
      ip,
    });
  });
}

/** A folder moved to `target` must not push anything inside it past the limits of a path. */
async function assertContentFits(tx: Executor, root: string, source: string, target: string): Promise<void> {
  const [deepest] = await tx
    .select({
      length: sql<number>`coalesce(max(length(${fileEntries.path})), 0)`.mapWith(Number),
      depth:
        sql<number>`coalesce(max(length(${fileEntries.path}) - length(replace(${fileEntries.path}, '/', ''))), 0)`.mapWith(
          Number,
        ),
    })
    .from(fileEntries)
    .where(below(root, source));
  if (!deepest || deepest.length === 0) return;
  const sourceDepth = source.split('/').length - 1;
  const targetDepth = target.split('/').length - 1;
  if (deepest.depth - sourceDepth + targetDepth > fileTreeMaxDepth) throw pathProblem('tooDeep');
  if ([...target].length + deepest.length - [...source].length > filePathMaxLength) throw pathProblem('pathTooLong');
}

/**
 * q=delete: every listed item, folders with all they hold, or nothing at all when one is missing.
 * The stored bytes are removed once the rows are gone for good (after the commit).
 */
export async function deleteFileItems(
  options: RootCall & {
    storage: Storage;
    /** The JSON list of `{ path, type }` the client sent. */
    items: string;
    ip?: string;
  },
): Promise<void> {
  const { db, storage, session, ip } = options;
  const root = await openRoot({ db, session, root: options.root, write: true });
  const paths = parseDeleteItems(options.items);
  if (paths.includes('/')) throw new AppError('fileRootLocked');
  // Shortest first, so an item inside a folder also listed is found gone with it, not missing.
  paths.sort((a, b) => a.length - b.length);
  const storageKeys = await db.transaction(async (tx) => {
    const keys: string[] = [];
    const deletedFolders: string[] = [];
    for (const path of paths) {
      const lower = path.toLowerCase();
      if (deletedFolders.some((folder) => lower === folder || lower.startsWith(`${folder}/`))) continue;
      const entry = await findEntry(tx, root.key, path, true);
      if (!entry) throw new AppError('notFound');
      const removed = await tx
        .delete(fileEntries)
        .where(or(eq(fileEntries.id, entry.id), below(root.key, entry.path)))
        .returning({ storageKey: fileEntries.storageKey });
      keys.push(...removed.flatMap((row) => (row.storageKey ? [row.storageKey] : [])));
      if (entry.kind === 'folder') deletedFolders.push(entry.path.toLowerCase());
      await writeAudit(tx, {
        actorId: session.userId,
        action: 'files.deleted',
        entity: auditEntity,
        entityId: root.key,
        fromState: entry.path,
        data: { root: root.key, path: entry.path, type: entry.kind, items: removed.length },
        ip,
      });
    }
    return keys;
  });
  await Promise.all(storageKeys.map((key) => storage.remove(key)));
}

function parseDeleteItems(items: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(items);
  } catch {
    throw new AppError('validation', {}, { items: [{ rule: 'invalid' }] });
  }
  const result = deleteItemsSchema.safeParse(parsed);
  if (!result.success) throw new AppError('validation', {}, { items: [{ rule: 'invalid' }] });
  return [...new Set(result.data.map((item) => parsePath(item.path)))];
}

/** Where a stored file is kept, for q=read (preview) and q=download to stream it. */
export async function readFileItem(
  options: RootCall & { path: string },
): Promise<{ storageKey: string; name: string; kind: FileKind; mimeType: string }> {
  const { db, session } = options;
  const root = await openRoot({ db, session, root: options.root });
  const path = parsePath(options.path);
  if (path === '/') throw new AppError('fileIsFolder');
  const entry = await findEntry(db, root.key, path);
  if (!entry) throw new AppError('notFound');
  if (entry.kind === 'folder' || !entry.storageKey) throw new AppError('fileIsFolder');
  return {
    storageKey: entry.storageKey,
    name: entry.name,
    kind: entry.kind,
    mimeType: entry.mimeType ?? 'application/octet-stream',
  };
}

type FileType = { kind: FileKind; mimeType: string /** what sniffFileType must find */; content: string };

const image = (mimeType: string): FileType => ({ kind: 'image', mimeType, content: mimeType });
const text = (mimeType: string): FileType => ({ kind: 'text', mimeType, content: 'text/plain' });
const zipped = (kind: FileKind, mimeType: string): FileType => ({ kind, mimeType, content: 'application/zip' });

/**
 * What the file manager keeps, by extension, and what the content must be. Text is valid UTF-8 with
 * no NUL, and always shown as plain text; HTML, SVG and XML are not taken, since a browser runs what
 * they contain. Office Open XML and OpenDocument files must be ZIP archives.
 */
const fileTypes: Record<string, FileType> = {
  jpg: image('image/jpeg'),
  jpeg: image('image/jpeg'),
  jpe: image('image/jpeg'),
  png: image('image/png'),
  webp: image('image/webp'),
  gif: image('image/gif'),
  pdf: { kind: 'pdf', mimeType: 'application/pdf', content: 'application/pdf' },
  txt: text('text/plain'),
  log: text('text/plain'),
  csv: text('text/csv'),
  md: text('text/markdown'),
  json: text('application/json'),
  docx: zipped('document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  odt: zipped('document', 'application/vnd.oasis.opendocument.text'),
  xlsx: zipped('spreadsheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  ods: zipped('spreadsheet', 'application/vnd.oasis.opendocument.spreadsheet'),
  pptx: zipped('presentation', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  odp: zipped('presentation', 'application/vnd.oasis.opendocument.presentation'),
  zip: zipped('archive', 'application/zip'),
};

/** The kind of an upload from its content: 415 for what is not kept (or unknown), 422 when the name says otherwise. */
export function inspectFile(name: string, bytes: Uint8Array): FileType {
  const sniffed = sniffFileType(bytes);
  const dot = name.lastIndexOf('.');
  const type = dot > 0 ? fileTypes[name.slice(dot + 1).toLowerCase()] : undefined;
  if (!sniffed || !type) throw new AppError('fileKindNotAllowed');
  if (sniffed.mimeType !== type.content) throw new AppError('fileContentMismatch');
  return type;
}

/** q=upload: a new file in the existing folder `path`; an existing name is never overwritten (409). */
export async function uploadFile(
  options: RootCall & {
    storage: Storage;
    /** Reads the request's upload: only once the caller may write here. */
    read: () => Promise<UploadForm>;
    ip?: string;
  },
): Promise<FileItem> {
  const { db, storage, session, ip } = options;
  const root = await openRoot({ db, session, root: options.root, write: true });
  const upload = await options.read();
  const folderPath = upload.fields.path;
  if (folderPath === undefined) throw new AppError('validation', {}, { path: [{ rule: 'required' }] });
  const folder = parsePath(folderPath);
  // The browser's name only: whatever folders it claims are not ours.
  const name = parseName(upload.fileName.split(/[\\/]/).pop() ?? '');
  const type = inspectFile(name, upload.bytes);
  parsePath(joinFilePath(folder, name)); // the whole path must keep within the limits too
  const storageKey = await storage.put(root.area, upload.bytes, name.slice(name.lastIndexOf('.') + 1));
  try {
    return await db.transaction(async (tx) => {
      const parent = await findFolder(tx, root.key, folder);
      const stored = joinFilePath(parent, name);
      const [row] = await tx
        .insert(fileEntries)
        .values({
          root: root.key,
          path: stored,
          parent,
          name,
          kind: type.kind,
          size: upload.bytes.byteLength,
          mimeType: type.mimeType,
          storageKey,
          createdBy: session.userId,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('fileExists', { name });
      await writeAudit(tx, {
        actorId: session.userId,
        action: 'files.uploaded',
        entity: auditEntity,
        entityId: root.key,
        toState: stored,
        data: { root: root.key, path: stored, type: type.kind, size: row.size },
        ip,
      });
      return itemOfRow(row, root.url);
    });
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}
