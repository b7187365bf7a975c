// Translation overrides: wording the company changed without a release, merged by the web over its catalogs.
import type { Language } from '@bottega/contracts/common';
import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { translationOverrides } from './language.schema';

export async function listTranslationOverrides(options: { db: Database; lng: Language }) {
  const rows = await options.db
    .select({ key: translationOverrides.key, value: translationOverrides.value })
    .from(translationOverrides)
    .where(eq(translationOverrides.lng, options.lng));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

export async function setTranslationOverride(options: {
  db: Database;
  actorId: number | null;
  lng: Language;
  key: string;
  value: string;
}) {
  const { db, lng, key, value } = options;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: translationOverrides.value })
      .from(translationOverrides)
      .where(and(eq(translationOverrides.lng, lng), eq(translationOverrides.key, key)));
    await tx
      .insert(translationOverrides)
      .values({ lng, key, value, updatedBy: options.actorId })
      .onConflictDoUpdate({
        target: [translationOverrides.lng, translationOverrides.key],
        set: { value, updatedAt: new Date(), updatedBy: options.actorId },
      });
    await writeAudit(tx, {
      actorId: options.actorId,
      action: 'language.overrideSet',
      entity: 'translation',
      entityId: `${lng}:${key}`,
      fromState: before?.value ?? null,
      toState: value,
    });
  });
}
