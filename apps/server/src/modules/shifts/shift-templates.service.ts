// Shift templates (spec §3 Shift template, §5): a shop's named weekly hours with a day pattern, from which a week's
// grid is filled. The pattern may plan fewer hours than the weekly ones; the template then says so (§5), it is not
// refused. Every change is audited.
import { type ShiftTemplate, type shiftTemplateBodySchema, templatePlannedMinutes } from '@bottega/contracts/shifts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertShopInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError, violatedUniqueIndex } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { loadVisibleShop } from '../shops/shops.service';
import { shiftTemplates } from './shifts.schema';

export const shiftTemplateAuditEntity = 'shiftTemplate';

type TemplateValues = z.output<typeof shiftTemplateBodySchema>;
type TemplateRow = typeof shiftTemplates.$inferSelect;
type Call = { db: Database; viewer: SessionContext; ip?: string };

function toTemplate(row: TemplateRow): ShiftTemplate {
  return {
    id: row.id,
    shopId: row.shopId,
    name: row.name,
    weeklyMinutes: row.weeklyMinutes,
    days: row.days,
    plannedMinutes: templatePlannedMinutes(row.days),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The template, if its shop is the viewer's; another shop's answers 404. */
async function loadVisibleTemplate(db: Executor, viewer: SessionContext, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(shiftTemplates).where(eq(shiftTemplates.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('notFound');
  assertShopInScope(viewer, 'shops', row.shopId);
  return row;
}

/** A second template of the same name in the shop (two saves at once included) is a field error on `name`. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (violatedUniqueIndex(error)?.includes('shift_templates_shop_name_idx')) {
      throw new AppError('validation', {}, { name: [{ rule: 'unique' }] });
    }
    throw error;
  }
}

export async function listShiftTemplates(options: Call & { shopId: number }): Promise<ShiftTemplate[]> {
  await loadVisibleShop(options.db, options.viewer, options.shopId);
  const rows = await options.db
    .select()
    .from(shiftTemplates)
    .where(eq(shiftTemplates.shopId, options.shopId))
    .orderBy(asc(sql`lower(${shiftTemplates.name})`), asc(shiftTemplates.id));
  return rows.map(toTemplate);
}

export async function getShiftTemplate(options: Call & { id: number }): Promise<ShiftTemplate> {
  return toTemplate(await loadVisibleTemplate(options.db, options.viewer, options.id));
}

export async function createShiftTemplate(
  options: Call & { shopId: number; body: TemplateValues },
): Promise<ShiftTemplate> {
  const { db, viewer, shopId, body } = options;
  const row = await uniqueName(() =>
    db.transaction(async (tx) => {
      await loadVisibleShop(tx, viewer, shopId);
      const [created] = await tx
        .insert(shiftTemplates)
        .values({ shopId, ...body })
        .returning();
      if (!created) throw new Error('the template was not stored');
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'shiftTemplate.created',
        entity: shiftTemplateAuditEntity,
        entityId: created.id,
        data: { shopId, ...body },
        ip: options.ip,
      });
      return created;
    }),
  );
  return toTemplate(row);
}

export async function updateShiftTemplate(
  options: Call & { id: number; body: TemplateValues },
): Promise<ShiftTemplate> {
  const { db, viewer, id, body } = options;
  const row = await uniqueName(() =>
    db.transaction(async (tx) => {
      const before = await loadVisibleTemplate(tx, viewer, id, { lock: true });
      const [updated] = await tx
        .update(shiftTemplates)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(shiftTemplates.id, id))
        .returning();
      if (!updated) throw new AppError('notFound');
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'shiftTemplate.updated',
        entity: shiftTemplateAuditEntity,
        entityId: id,
        data: {
          before: { name: before.name, weeklyMinutes: before.weeklyMinutes, days: before.days },
          after: body,
        },
        ip: options.ip,
      });
      return updated;
    }),
  );
  return toTemplate(row);
}

/** Weeks filled from it keep their shifts; their members simply no longer name a template. */
export async function deleteShiftTemplate(options: Call & { id: number }): Promise<void> {
  const { db, viewer, id } = options;
  await db.transaction(async (tx) => {
    const before = await loadVisibleTemplate(tx, viewer, id, { lock: true });
    await tx.delete(shiftTemplates).where(eq(shiftTemplates.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'shiftTemplate.deleted',
      entity: shiftTemplateAuditEntity,
      entityId: id,
      data: { shopId: before.shopId, name: before.name, weeklyMinutes: before.weeklyMinutes, days: before.days },
      ip: options.ip,
    });
  });
}
