// Cameras (issue 26): each shop's cameras with their password sealed with the app key, their categories, and the
// connection test of the form. Scoped like every shop record: without "view all" (security.video.viewAll) a person
// reaches the cameras of their own shops, and another shop's camera answers 404.
import type {
  Camera,
  CameraCategory,
  CameraCategoryBody,
  CameraOptions,
  CameraOutcome,
  CameraTestBody,
  CameraValues,
  cameraListQuerySchema,
} from '@bottega/contracts/cameras';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CameraConnection } from '../../integrations/cameras/camera-adapter';
import { cameraAdapters } from '../../integrations/cameras/cameras';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { shops } from '../shops/shops.schema';
import { cameraCategories, cameras } from './cameras.schema';

const cameraAuditEntity = 'camera';
const categoryAuditEntity = 'cameraCategory';

type Call = { db: Database; viewer: SessionContext };

/** The cameras' shops the viewer reaches: all, or theirs. */
function shopScope(viewer: SessionContext): SQL | undefined {
  const scope = shopsInScope(viewer, 'cameras');
  if (scope === 'all') return undefined;
  return scope.length === 0 ? sql`false` : inArray(cameras.shopId, scope);
}

function selectCameras(db: Executor) {
  return db
    .select({
      camera: cameras,
      shopCode: shops.code,
      shopName: shops.name,
      categoryName: cameraCategories.name,
    })
    .from(cameras)
    .innerJoin(shops, eq(shops.id, cameras.shopId))
    .leftJoin(cameraCategories, eq(cameraCategories.id, cameras.categoryId));
}
type CameraRow = Awaited<ReturnType<ReturnType<typeof selectCameras>['execute']>>[number];

function toCamera(row: CameraRow): Camera {
  const { camera } = row;
  return {
    id: camera.id,
    name: camera.name,
    shop: { id: camera.shopId, code: row.shopCode, name: row.shopName },
    type: camera.type,
    link: camera.link,
    username: camera.username,
    passwordSet: camera.passwordEncrypted !== null,
    channel: camera.channel,
    category: camera.categoryId === null ? null : { id: camera.categoryId, name: row.categoryName ?? '' },
    state: camera.state,
    lastOutcome: camera.lastOutcome,
    lastCheckedAt: camera.lastCheckedAt?.toISOString() ?? null,
    createdAt: camera.createdAt.toISOString(),
    updatedAt: camera.updatedAt.toISOString(),
  };
}

type CameraListFilter = z.output<typeof cameraListQuerySchema>;

function listFilter(viewer: SessionContext, query: CameraListFilter): SQL | undefined {
  const words = (query.search ?? '').split(/\s+/).filter(Boolean);
  return and(
    shopScope(viewer),
    query.shopId === undefined ? undefined : eq(cameras.shopId, query.shopId),
    query.categoryId === undefined ? undefined : eq(cameras.categoryId, query.categoryId),
    query.state === undefined ? undefined : eq(cameras.state, query.state),
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(
        ilike(cameras.name, pattern),
        ilike(shops.name, pattern),
        ilike(shops.code, pattern),
        ilike(cameraCategories.name, pattern),
      );
    }),
  );
}

/** A page of the cameras the viewer reaches, by shop and name. */
export async function listCameras(options: Call & { query: CameraListFilter }) {
  const { db, viewer, query } = options;
  const where = listFilter(viewer, query);
  const [rows, [total]] = await Promise.all([
    selectCameras(db)
      .where(where)
      .orderBy(asc(shops.name), asc(cameras.name), asc(cameras.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ value: count() })
      .from(cameras)
      .innerJoin(shops, eq(shops.id, cameras.shopId))
      .leftJoin(cameraCategories, eq(cameraCategories.id, cameras.categoryId))
      .where(where),
  ]);
  return { data: rows.map(toCamera), meta: { page: query.page, perPage: query.perPage, total: total?.value ?? 0 } };
}

/** The camera row, or 404 when it does not exist or is another shop's. */
export async function loadCamera(db: Executor, viewer: SessionContext, id: number): Promise<CameraRow> {
  const [row] = await selectCameras(db).where(and(eq(cameras.id, id), shopScope(viewer)));
  if (!row) throw new AppError('notFound');
  return row;
}

export async function getCamera(options: Call & { id: number }): Promise<Camera> {
  return toCamera(await loadCamera(options.db, options.viewer, options.id));
}

/** The shops of the forms and filters (those the viewer reaches, open or not) and every category. */
export async function cameraOptions(options: Call): Promise<CameraOptions> {
  const { db, viewer } = options;
  const scope = shopsInScope(viewer, 'cameras');
  const [shopRows, categories] = await Promise.all([
    scope !== 'all' && scope.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: shops.id, code: shops.code, name: shops.name })
          .from(shops)
          .where(scope === 'all' ? undefined : inArray(shops.id, scope))
          .orderBy(asc(shops.name)),
    db
      .select({ id: cameraCategories.id, name: cameraCategories.name })
      .from(cameraCategories)
      .orderBy(asc(cameraCategories.name)),
  ]);
  return { shops: shopRows, categories };
}

/** The shop must be one the viewer reaches, the category must exist, the name free in the shop. */
async function assertCameraReferences(db: Executor, viewer: SessionContext, body: CameraValues, exceptId?: number) {
  const scope = shopsInScope(viewer, 'cameras');
  const errors: Record<string, { rule: 'invalid' }[]> = {};
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopId));
  if (!shop || (scope !== 'all' && !scope.includes(body.shopId))) errors.shopId = [{ rule: 'invalid' }];
  if (body.categoryId !== null) {
    const [category] = await db
      .select({ id: cameraCategories.id })
      .from(cameraCategories)
      .where(eq(cameraCategories.id, body.categoryId));
    if (!category) errors.categoryId = [{ rule: 'invalid' }];
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
  const [taken] = await db
    .select({ id: cameras.id })
    .from(cameras)
    .where(
      and(
        eq(cameras.shopId, body.shopId),
        sql`lower(${cameras.name}) = lower(${body.name})`,
        exceptId === undefined ? undefined : ne(cameras.id, exceptId),
      ),
    );
  if (taken) throw new AppError('cameraExists');
}

/** What the audit log keeps of a camera: everything but the password, which is only said to be set or not. */
function auditedValues(body: CameraValues) {
  const { password, ...values } = body;
  return values;
}

export async function createCamera(options: Call & { appKey: string; body: CameraValues; ip?: string }) {
  const { db, viewer, appKey, body } = options;
  return db.transaction(async (tx) => {
    await assertCameraReferences(tx, viewer, body);
    const [created] = await tx
      .insert(cameras)
      .values({
        name: body.name,
        shopId: body.shopId,
        type: body.type,
        link: body.link,
        username: body.username,
        passwordEncrypted: body.password ? encryptSecret(appKey, body.password) : null,
        channel: body.channel,
        categoryId: body.categoryId,
      })
      .returning({ id: cameras.id });
    const id = created?.id as number;
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'camera.created',
      entity: cameraAuditEntity,
      entityId: id,
      data: { values: { ...auditedValues(body), password: body.password ? 'set' : 'notSet' } },
      ip: options.ip,
    });
    return toCamera(await loadCamera(tx, viewer, id));
  });
}

function samePassword(appKey: string, sealed: string | null, plain: string): boolean {
  if (sealed === null) return false;
  try {
    return decryptSecret(appKey, sealed) === plain;
  } catch {
    return false;
  }
}

export async function updateCamera(options: Call & { appKey: string; id: number; body: CameraValues; ip?: string }) {
  const { db, viewer, appKey, id, body } = options;
  return db.transaction(async (tx) => {
    const before = (await loadCamera(tx, viewer, id)).camera;
    await assertCameraReferences(tx, viewer, body, id);
    const set: Partial<typeof cameras.$inferInsert> = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, value] of Object.entries(auditedValues(body)) as [
      keyof ReturnType<typeof auditedValues>,
      unknown,
    ][]) {
      if (before[field] !== value) {
        (set as Record<string, unknown>)[field] = value;
        changes[field] = { from: before[field], to: value };
      }
    }
    if (body.password === null && before.passwordEncrypted !== null) {
      set.passwordEncrypted = null;
      changes.password = { from: 'set', to: 'notSet' };
    } else if (body.password && !samePassword(appKey, before.passwordEncrypted, body.password)) {
      set.passwordEncrypted = encryptSecret(appKey, body.password);
      changes.password = { from: before.passwordEncrypted === null ? 'notSet' : 'set', to: 'replaced' };
    }
    // A camera moved elsewhere or given other credentials has not been checked yet.
    if (['link', 'type', 'username', 'channel', 'password'].some((field) => field in changes)) {
      Object.assign(set, { state: 'unknown', lastOutcome: null, lastCheckedAt: null, offlineSince: null });
    }
    if (Object.keys(changes).length > 0) {
      await tx
        .update(cameras)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(cameras.id, id));
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'camera.updated',
        entity: cameraAuditEntity,
        entityId: id,
        data: { changes },
        ip: options.ip,
      });
    }
    return toCamera(await loadCamera(tx, viewer, id));
  });
}

export async function deleteCamera(options: Call & { id: number; ip?: string }) {
  const { db, viewer, id } = options;
  await db.transaction(async (tx) => {
    const { camera } = await loadCamera(tx, viewer, id);
    await tx.delete(cameras).where(eq(cameras.id, id));
    const { passwordEncrypted, createdAt, updatedAt, ...values } = camera;
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'camera.deleted',
      entity: cameraAuditEntity,
      entityId: id,
      data: { values: { ...values, password: passwordEncrypted === null ? 'notSet' : 'set' } },
      ip: options.ip,
    });
  });
}

/** The password in clear for who may edit the camera; every reading is audited. */
export async function revealCameraPassword(options: Call & { appKey: string; id: number; ip?: string }) {
  const { db, viewer, appKey, id } = options;
  const { camera } = await loadCamera(db, viewer, id);
  if (camera.passwordEncrypted === null) return null;
  await writeAudit(db, {
    actorId: viewer.userId,
    action: 'camera.passwordRevealed',
    entity: cameraAuditEntity,
    entityId: id,
    ip: options.ip,
  });
  return decryptSecret(appKey, camera.passwordEncrypted);
}

/** A saved camera as its adapter needs it, the password unsealed. */
export function connectionOf(appKey: string, camera: typeof cameras.$inferSelect): CameraConnection {
  return {
    type: camera.type,
    link: camera.link,
    username: camera.username,
    password: camera.passwordEncrypted === null ? '' : decryptSecret(appKey, camera.passwordEncrypted),
    channel: camera.channel,
  };
}

/**
 * The form's "test connection": the camera's health check with the values being typed. Those who may add or edit a
 * camera choose where it is anyway; an existing camera's stored password is used when the field is left out.
 */
export async function testCameraConnection(
  options: Call & { appKey: string; timeoutMs: number; body: CameraTestBody & { channel: number | null } },
): Promise<{ outcome: CameraOutcome; checkedAt: string }> {
  const { db, viewer, appKey, body } = options;
  let password = body.password ?? '';
  if (body.cameraId !== undefined && body.password === undefined) {
    const { camera } = await loadCamera(db, viewer, body.cameraId);
    password = camera.passwordEncrypted === null ? '' : decryptSecret(appKey, camera.passwordEncrypted);
  }
  const outcome = await cameraAdapters[body.type].check(
    { type: body.type, link: body.link, username: body.username, password, channel: body.channel },
    { timeoutMs: options.timeoutMs },
  );
  return { outcome, checkedAt: new Date().toISOString() };
}

// ——— Categories ———

function selectCategories(db: Executor, where?: SQL) {
  return db
    .select({ id: cameraCategories.id, name: cameraCategories.name, cameras: count(cameras.id) })
    .from(cameraCategories)
    .leftJoin(cameras, eq(cameras.categoryId, cameraCategories.id))
    .where(where)
    .groupBy(cameraCategories.id);
}

/** Every category by name, with how many cameras are filed under it. */
export async function listCameraCategories(options: { db: Executor }): Promise<CameraCategory[]> {
  return selectCategories(options.db).orderBy(asc(cameraCategories.name));
}

async function readCategory(db: Executor, id: number): Promise<CameraCategory> {
  const [row] = await selectCategories(db, eq(cameraCategories.id, id));
  if (!row) throw new AppError('notFound');
  return row;
}

async function assertCategoryNameFree(db: Executor, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: cameraCategories.id })
    .from(cameraCategories)
    .where(
      and(
        sql`lower(${cameraCategories.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(cameraCategories.id, exceptId),
      ),
    );
  if (taken) throw new AppError('cameraCategoryExists');
}

export async function createCameraCategory(options: Call & { body: Required<CameraCategoryBody>; ip?: string }) {
  const { db, viewer, body } = options;
  return db.transaction(async (tx) => {
    await assertCategoryNameFree(tx, body.name);
    const [created] = await tx
      .insert(cameraCategories)
      .values({ name: body.name })
      .returning({ id: cameraCategories.id });
    const id = created?.id as number;
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'cameraCategory.created',
      entity: categoryAuditEntity,
      entityId: id,
      data: { values: body },
      ip: options.ip,
    });
    return readCategory(tx, id);
  });
}

export async function renameCameraCategory(
  options: Call & { id: number; body: Required<CameraCategoryBody>; ip?: string },
) {
  const { db, viewer, id, body } = options;
  return db.transaction(async (tx) => {
    const before = await readCategory(tx, id);
    await assertCategoryNameFree(tx, body.name, id);
    if (before.name !== body.name) {
      await tx.update(cameraCategories).set({ name: body.name }).where(eq(cameraCategories.id, id));
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'cameraCategory.renamed',
        entity: categoryAuditEntity,
        entityId: id,
        data: { changes: { name: { from: before.name, to: body.name } } },
        ip: options.ip,
      });
    }
    return readCategory(tx, id);
  });
}

/** Deleting a category leaves its cameras without one (the audit entry says how many). */
export async function deleteCameraCategory(options: Call & { id: number; ip?: string }) {
  const { db, viewer, id } = options;
  await db.transaction(async (tx) => {
    const before = await readCategory(tx, id);
    await tx.delete(cameraCategories).where(eq(cameraCategories.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'cameraCategory.deleted',
      entity: categoryAuditEntity,
      entityId: id,
      data: { values: before },
      ip: options.ip,
    });
  });
}
