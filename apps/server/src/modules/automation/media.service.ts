// The library of videos and images the posts carry (§2 Automation videos): files in the app's Storage, recognised by
// their content (MP4, WebM, JPEG, PNG), with the thumbnail and the length the browser measured. Files arrive by a
// resumable upload: pieces of uploadChunkBytes appended to DATA_DIR/uploads/<id>.part, each saying where it starts,
// so a connection lost halfway resumes where the server stands. The library is the company's (not one shop's).
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type Media,
  type MediaEdit,
  type MediaListQuery,
  type MediaMimeType,
  maxImageBytes,
  maxThumbnailBytes,
  maxVideoBytes,
  mediaEditSchema,
  mediaListQuerySchema,
  mediaMimeTypes,
  type UploadStart,
  type UploadState,
  uploadChunkBytes,
  uploadLifetimeHours,
  uploadStartSchema,
} from '@bottega/contracts/automation';
import { and, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import { safeEqual, sign } from '../../platform/crypto';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { formatBinarySize } from '../../platform/file-transfer';
import type { SessionContext } from '../../platform/sessions';
import { type Storage, sniffFileType } from '../../platform/storage';
import { users } from '../employees/employees.schema';
import { automationMedia, automationPostMedia, automationPosts, automationUploads } from './automation.schema';

const auditEntity = 'automationMedia';
const storageArea = 'automation';

type Call = { db: Database; viewer: SessionContext };

const usedBy =
  sql<number>`(SELECT count(DISTINCT pm.post_id) FROM automation_post_media pm WHERE pm.media_id = ${automationMedia.id})`.mapWith(
    Number,
  );

function selectMedia(db: Executor) {
  return db
    .select({ media: automationMedia, authorName: users.name, authorSurname: users.surname, usedBy })
    .from(automationMedia)
    .leftJoin(users, eq(users.id, automationMedia.createdBy));
}
type MediaRow = Awaited<ReturnType<ReturnType<typeof selectMedia>['execute']>>[number];

function toMedia(row: MediaRow): Media {
  const { media } = row;
  return {
    id: media.id,
    kind: media.kind,
    title: media.title,
    tags: media.tags,
    mimeType: media.mimeType,
    sizeBytes: media.sizeBytes,
    durationMs: media.durationMs,
    width: media.width,
    height: media.height,
    hasThumbnail: media.thumbnailKey !== null || media.kind === 'image',
    source: media.source,
    createdBy:
      media.createdBy === null
        ? null
        : { id: media.createdBy, name: `${row.authorName ?? ''} ${row.authorSurname ?? ''}`.trim() },
    createdAt: media.createdAt.toISOString(),
    usedBy: row.usedBy,
  };
}

export async function listMedia(options: Call & { query: MediaListQuery }) {
  const query = mediaListQuerySchema.parse(options.query);
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const where = and(
    query.kind === undefined ? undefined : eq(automationMedia.kind, query.kind),
    query.tag === undefined ? undefined : sql`${automationMedia.tags} @> ARRAY[${query.tag.toLowerCase()}]::text[]`,
    ...words.map((word) =>
      or(
        ilike(sql`lower(${automationMedia.title})`, containsPattern(word)),
        sql`EXISTS (SELECT 1 FROM unnest(${automationMedia.tags}) AS tag WHERE tag LIKE ${containsPattern(word)})`,
      ),
    ),
  );
  const [rows, [total]] = await Promise.all([
    selectMedia(options.db)
      .where(where)
      .orderBy(desc(automationMedia.createdAt), desc(automationMedia.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    options.db.select({ total: count() }).from(automationMedia).where(where),
  ]);
  return { data: rows.map(toMedia), meta: { page: query.page, perPage: query.perPage, total: total?.total ?? 0 } };
}

/** Every tag of the library with how many files carry it, most used first. */
export async function listMediaTags(options: { db: Executor }) {
  const rows = await options.db.execute(sql`
    SELECT tag, count(*)::int AS count FROM automation_media, unnest(tags) AS tag
    GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 200`);
  return (rows as unknown as { rows: { tag: string; count: number }[] }).rows;
}

export async function getMedia(options: { db: Executor; id: number }): Promise<Media> {
  const [row] = await selectMedia(options.db).where(eq(automationMedia.id, options.id));
  if (!row) throw new AppError('notFound');
  return toMedia(row);
}

export async function editMedia(options: Call & { id: number; values: MediaEdit }): Promise<Media> {
  const values = mediaEditSchema.parse(options.values);
  const before = await getMedia(options);
  const tags = [...new Set(values.tags)];
  await options.db.transaction(async (tx) => {
    await tx
      .update(automationMedia)
      .set({ title: values.title, tags, updatedAt: new Date() })
      .where(eq(automationMedia.id, options.id));
    await writeAudit(tx, {
      actorId: options.viewer.userId,
      action: 'update',
      entity: auditEntity,
      entityId: options.id,
      data: { before: { title: before.title, tags: before.tags }, after: { title: values.title, tags } },
    });
  });
  return getMedia(options);
}

/** A file carried by a post still to go out stays (409); posts already out or drafts simply lose it. */
export async function deleteMedia(options: Call & { id: number; storage: Storage }): Promise<void> {
  const keys = await options.db.transaction(async (tx) => {
    const [media] = await tx.select().from(automationMedia).where(eq(automationMedia.id, options.id)).for('update');
    if (!media) throw new AppError('notFound');
    const [pending] = await tx
      .select({ total: count() })
      .from(automationPostMedia)
      .innerJoin(automationPosts, eq(automationPosts.id, automationPostMedia.postId))
      .where(
        and(
          eq(automationPostMedia.mediaId, options.id),
          inArray(automationPosts.state, ['scheduled', 'publishing', 'failed']),
        ),
      );
    if ((pending?.total ?? 0) > 0) throw new AppError('mediaInUse');
    await tx.delete(automationMedia).where(eq(automationMedia.id, options.id));
    await writeAudit(tx, {
      actorId: options.viewer.userId,
      action: 'delete',
      entity: auditEntity,
      entityId: options.id,
      data: { title: media.title, kind: media.kind, sizeBytes: media.sizeBytes },
    });
    return [media.storageKey, media.thumbnailKey];
  });
  // After the commit: a file is never missing under a row that still exists.
  for (const key of keys) if (key) await options.storage.remove(key);
}

/** Where the file itself is kept, to be streamed. */
export async function mediaFile(options: { db: Executor; storage: Storage; id: number }) {
  const [media] = await options.db.select().from(automationMedia).where(eq(automationMedia.id, options.id));
  if (!media) throw new AppError('notFound');
  return { storage: options.storage, key: media.storageKey, type: media.mimeType };
}

/** The thumbnail the browser took, or an image's own file; 404 for a video without one. */
export async function mediaThumbnail(options: { db: Executor; storage: Storage; id: number }) {
  const [media] = await options.db.select().from(automationMedia).where(eq(automationMedia.id, options.id));
  if (!media) throw new AppError('notFound');
  if (media.thumbnailKey && media.thumbnailMimeType) {
    return { storage: options.storage, key: media.thumbnailKey, type: media.thumbnailMimeType };
  }
  if (media.kind === 'image') return { storage: options.storage, key: media.storageKey, type: media.mimeType };
  throw new AppError('notFound');
}

/** A JPEG or PNG (by its content) of at most maxThumbnailBytes becomes the file's thumbnail. */
export async function setMediaThumbnail(
  options: Call & { id: number; storage: Storage; bytes: Uint8Array },
): Promise<Media> {
  const sniffed = sniffFileType(options.bytes);
  if (sniffed?.mimeType !== 'image/jpeg' && sniffed?.mimeType !== 'image/png') throw new AppError('mediaUnsupported');
  if (options.bytes.length > maxThumbnailBytes) {
    throw new AppError('mediaTooLarge', { max: formatBinarySize(maxThumbnailBytes) });
  }
  const [media] = await options.db.select().from(automationMedia).where(eq(automationMedia.id, options.id));
  if (!media) throw new AppError('notFound');
  const key = await options.storage.put(`${storageArea}/thumbnails`, options.bytes, sniffed.extension);
  try {
    await options.db.transaction(async (tx) => {
      await tx
        .update(automationMedia)
        .set({ thumbnailKey: key, thumbnailMimeType: sniffed.mimeType, updatedAt: new Date() })
        .where(eq(automationMedia.id, options.id));
      await writeAudit(tx, {
        actorId: options.viewer.userId,
        action: 'thumbnail',
        entity: auditEntity,
        entityId: options.id,
      });
    });
  } catch (error) {
    await options.storage.remove(key);
    throw error;
  }
  if (media.thumbnailKey) await options.storage.remove(media.thumbnailKey);
  return getMedia(options);
}

// ——— Resumable uploads ———

function partFile(dataDir: string, id: string): string {
  return path.join(dataDir, 'uploads', `${id}.part`);
}

type UploadRow = typeof automationUploads.$inferSelect;

async function toUploadState(db: Executor, row: UploadRow): Promise<UploadState> {
  return {
    id: row.id,
    offset: row.receivedBytes,
    sizeBytes: row.sizeBytes,
    chunkBytes: uploadChunkBytes,
    expiresAt: row.expiresAt.toISOString(),
    media: row.mediaId === null ? null : await getMedia({ db, id: row.mediaId }),
  };
}

export async function startUpload(
  options: Call & { values: UploadStart; now: Date; dataDir: string },
): Promise<UploadState> {
  const values = uploadStartSchema.parse(options.values);
  const id = crypto.randomUUID();
  await mkdir(path.join(options.dataDir, 'uploads'), { recursive: true });
  await (await open(partFile(options.dataDir, id), 'wx')).close();
  const [row] = await options.db
    .insert(automationUploads)
    .values({
      id,
      userId: options.viewer.userId,
      fileName: values.fileName,
      sizeBytes: values.sizeBytes,
      title: values.title,
      tags: [...new Set(values.tags)],
      durationMs: values.durationMs,
      width: values.width,
      height: values.height,
      source: values.source,
      expiresAt: new Date(options.now.getTime() + uploadLifetimeHours * 3_600_000),
    })
    .returning();
  return toUploadState(options.db, row as UploadRow);
}

/** An upload is its sender's only: anyone else's answers 404. */
async function ownUpload(db: Executor, viewer: SessionContext, id: string): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(automationUploads)
    .where(and(eq(automationUploads.id, id), eq(automationUploads.userId, viewer.userId)));
  if (!row) throw new AppError('notFound');
  return row;
}

export async function uploadState(options: Call & { id: string }): Promise<UploadState> {
  return toUploadState(options.db, await ownUpload(options.db, options.viewer, options.id));
}

/**
 * One piece: it must start where the upload stands (409 with the real offset otherwise, so the browser resumes from
 * there) and not run past the size announced. The last piece makes the file: checked by its content, kept in Storage,
 * a row of the library.
 */
export async function appendUploadChunk(
  options: Call & { id: string; offset: number; bytes: Uint8Array; now: Date; dataDir: string; storage: Storage },
): Promise<UploadState> {
  const { db, viewer, bytes } = options;
  const finished = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(automationUploads)
      .where(and(eq(automationUploads.id, options.id), eq(automationUploads.userId, viewer.userId)))
      .for('update');
    if (!row) throw new AppError('notFound');
    if (row.mediaId !== null) return row;
    if (row.expiresAt <= options.now) throw new AppError('uploadExpired');
    if (options.offset !== row.receivedBytes) throw new AppError('uploadOffsetMismatch', { offset: row.receivedBytes });
    if (bytes.length === 0 || bytes.length > uploadChunkBytes || row.receivedBytes + bytes.length > row.sizeBytes) {
      throw new AppError('payloadTooLarge');
    }
    const file = await open(partFile(options.dataDir, row.id), 'r+');
    try {
      await file.write(bytes, 0, bytes.length, options.offset);
    } finally {
      await file.close();
    }
    const [updated] = await tx
      .update(automationUploads)
      .set({ receivedBytes: row.receivedBytes + bytes.length })
      .where(eq(automationUploads.id, row.id))
      .returning();
    return updated as UploadRow;
  });
  if (finished.mediaId === null && finished.receivedBytes === finished.sizeBytes) {
    return toUploadState(db, await completeUpload({ ...options, upload: finished }));
  }
  return toUploadState(db, finished);
}

/** Enough of a file's start for sniffFileType (WebM's DocType is within its first 64 bytes). */
const sniffHeadBytes = 4096;

/** The whole file arrived: what it is by its content decides whether the library takes it. */
async function completeUpload(
  options: Call & { upload: UploadRow; dataDir: string; storage: Storage },
): Promise<UploadRow> {
  const { upload } = options;
  const file = partFile(options.dataDir, upload.id);
  // Its first bytes tell what it is; the file itself is streamed into the storage, never held whole.
  const sizeBytes = (await stat(file)).size;
  const head = await open(file, 'r').then(async (handle) => {
    try {
      const { buffer, bytesRead } = await handle.read(new Uint8Array(sniffHeadBytes), 0, sniffHeadBytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  });
  const sniffed = sniffFileType(head);
  const mimeType = sniffed && sniffed.mimeType in mediaMimeTypes ? (sniffed.mimeType as MediaMimeType) : null;
  const refuse = async (error: AppError) => {
    await options.db.delete(automationUploads).where(eq(automationUploads.id, upload.id));
    await rm(file, { force: true });
    throw error;
  };
  if (!mimeType || !sniffed) return refuse(new AppError('mediaUnsupported'));
  const kind = mediaMimeTypes[mimeType];
  const limit = kind === 'image' ? maxImageBytes : maxVideoBytes;
  if (sizeBytes > limit) return refuse(new AppError('mediaTooLarge', { max: formatBinarySize(limit) }));
  const key = await options.storage.put(`${storageArea}/media`, createReadStream(file), sniffed.extension);
  try {
    const row = await options.db.transaction(async (tx) => {
      const [media] = await tx
        .insert(automationMedia)
        .values({
          kind,
          title: upload.title,
          tags: upload.tags,
          mimeType,
          sizeBytes,
          durationMs: kind === 'video' ? upload.durationMs : null,
          width: upload.width,
          height: upload.height,
          storageKey: key,
          source: upload.source,
          createdBy: options.viewer.userId,
        })
        .returning({ id: automationMedia.id });
      const mediaId = media?.id as number;
      const [updated] = await tx
        .update(automationUploads)
        .set({ mediaId })
        .where(eq(automationUploads.id, upload.id))
        .returning();
      await writeAudit(tx, {
        actorId: options.viewer.userId,
        action: 'create',
        entity: auditEntity,
        entityId: mediaId,
        data: { title: upload.title, kind, mimeType, sizeBytes, source: upload.source },
      });
      return updated as UploadRow;
    });
    await rm(file, { force: true });
    return row;
  } catch (error) {
    await options.storage.remove(key);
    throw error;
  }
}

/** Uploads left unfinished past their time: their pieces and rows go (the hourly clean-up). */
export async function dropExpiredUploads(options: { db: Executor; dataDir: string; now: Date }): Promise<number> {
  const expired = await options.db
    .delete(automationUploads)
    .where(lte(automationUploads.expiresAt, options.now))
    .returning({ id: automationUploads.id });
  for (const { id } of expired) await rm(partFile(options.dataDir, id), { force: true });
  return expired.length;
}

// ——— The address the networks fetch a file from ———

/** How long a network may fetch a file from its link (Instagram fetches a video when it processes the container). */
const publicLinkSeconds = 2 * 24 * 3600;

function publicSignature(appKey: string, mediaId: number, expires: number): string {
  return sign(appKey, 'automation-media', `${mediaId}.${expires}`);
}

/** A link anyone holding it may fetch the file from, until it expires: what the networks are given. */
export function publicMediaUrl(config: Pick<Config, 'appKey' | 'publicUrl'>, mediaId: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + publicLinkSeconds;
  const signature = publicSignature(config.appKey, mediaId, expires);
  return `${config.publicUrl.replace(/\/+$/, '')}/api/automation/public-media/${mediaId}/${expires}/${signature}`;
}

/** A link that was not signed here, or whose time is over, answers 404 as if the file did not exist. */
export function assertPublicMediaLink(
  appKey: string,
  link: { id: number; expires: number; signature: string },
  now: Date,
): void {
  const valid = safeEqual(publicSignature(appKey, link.id, link.expires), link.signature);
  if (!valid || link.expires * 1000 < now.getTime()) throw new AppError('notFound');
}

/** The media of the ids given, in that order; 404 if one does not exist. */
export async function mediaByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(automationMedia)
    .where(inArray(automationMedia.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError('notFound');
    return row;
  });
}
