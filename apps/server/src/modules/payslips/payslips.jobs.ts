// The split of an uploaded consultant's file (issue 19, platform/jobs.ts): read every page's text (the first half of
// the progress bar), decide whose each page is (payslips.split.ts), write one sealed PDF per employee (the second
// half), then record the payslips and the items with the upload's completion, all at once or not at all. Files
// written by a run that could not complete are removed again. The blacklisted employees found are announced to the
// holders of adminNotifications.payslipBlacklist.
import { businessDate } from '@bottega/contracts/dates';
import { type PayslipKind, payslipKinds } from '@bottega/contracts/payslips';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { defineJob } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { extractPages, loadPdf, planSplit, readPages, UnreadablePdf } from './payslip-pdf';
import { activeBlacklist, payslipAuditEntity, periodLabel, sealedPayslipStorage } from './payslips.common';
import { payslips, payslipUploadItems, payslipUploads } from './payslips.schema';
import { draftItems, writesPayslip } from './payslips.split';

export const splitPayloadSchema = z.object({ uploadId: z.number().int().positive() });

/** Current and former employees (not deleted) by codice fiscale; a code shared by two people goes to the newest. */
async function employeesByFiscalCode(db: Executor, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fiscalCode: users.fiscalCode })
    .from(users)
    .where(and(inArray(users.fiscalCode, [...codes]), isNull(users.deletedAt)))
    .orderBy(users.id);
  return new Map(rows.map((row) => [row.fiscalCode as string, row.id]));
}

/** Who already has this company's document of this kind and period. */
async function alreadyThere(
  db: Executor,
  upload: { kind: string; companyId: number; year: number; month: number | null },
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: payslips.userId })
    .from(payslips)
    .where(
      and(
        eq(payslips.kind, upload.kind),
        eq(payslips.companyId, upload.companyId),
        eq(payslips.year, upload.year),
        sql`coalesce(${payslips.month}, 0) = ${upload.month ?? 0}`,
        inArray(payslips.userId, [...userIds]),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

async function failUpload(db: Executor, uploadId: number, failure: 'unreadable' | 'gaveUp'): Promise<void> {
  await db
    .update(payslipUploads)
    .set({ state: 'failed', failure })
    .where(and(eq(payslipUploads.id, uploadId), eq(payslipUploads.state, 'processing')));
}

export const splitUploadJob = defineJob({
  kind: 'payslips.split',
  payload: splitPayloadSchema,
  maxAttempts: 3,
  // A thousand pages take a while: the lease is renewed while it works, this is only how soon a dead process's
  // upload is taken back.
  leaseSeconds: 300,
  onGiveUp: async (tx, { payload }) => failUpload(tx, payload.uploadId, 'gaveUp'),
  run: async ({ db, config, storage, payload, progress, complete, startedBy, now }) => {
    const [upload] = await db
      .select({
        id: payslipUploads.id,
        kind: payslipUploads.kind,
        companyId: payslipUploads.companyId,
        year: payslipUploads.year,
        month: payslipUploads.month,
        storageKey: payslipUploads.storageKey,
        state: payslipUploads.state,
        vatNumber: companies.vatNumber,
        companyName: companies.name,
      })
      .from(payslipUploads)
      .innerJoin(companies, eq(companies.id, payslipUploads.companyId))
      .where(eq(payslipUploads.id, payload.uploadId));
    // Deleted meanwhile, or already split by an earlier run that completed.
    if (upload?.state !== 'processing') return complete();
    const kind = z.enum(payslipKinds).parse(upload.kind) as PayslipKind;
    const sealed = sealedPayslipStorage(storage, config);
    const source = await sealed.get(upload.storageKey);

    let readings: Awaited<ReturnType<typeof readPages>>;
    try {
      readings = await readPages(source, (page, pages) => progress(page, pages * 2, `${page}/${pages}`));
    } catch (error) {
      if (!(error instanceof UnreadablePdf)) throw error;
      // No retry will make it readable: the upload says so, the job ends.
      return complete(async (tx) => {
        await failUpload(tx, upload.id, 'unreadable');
        return { uploadId: upload.id, failure: 'unreadable' };
      });
    }
    const pages = readings.length;
    const plan = planSplit(readings, { companyVatNumber: upload.vatNumber });
    const employees = await employeesByFiscalCode(
      db,
      plan.employees.map((employee) => employee.fiscalCode),
    );
    const existing = await alreadyThere(db, upload, [...employees.values()]);
    const items = draftItems({ plan, readings, employees, existing });
    const toWrite = items.filter(writesPayslip);

    const document = toWrite.length > 0 ? await loadPdf(source) : null;
    const written: { item: (typeof toWrite)[number]; key: string }[] = [];
    try {
      for (const [index, item] of toWrite.entries()) {
        const bytes = await extractPages(document as NonNullable<typeof document>, item.pages);
        written.push({ item, key: await sealed.put(`payslips/${upload.companyId}/${upload.year}`, bytes, 'pdf') });
        await progress(
          pages + Math.round(((index + 1) / toWrite.length) * pages),
          pages * 2,
          `${index + 1}/${toWrite.length} PDF`,
        );
      }
      await complete(async (tx) => {
        const ids = new Map<(typeof toWrite)[number], number>();
        for (const { item, key } of written) {
          const [row] = await tx
            .insert(payslips)
            .values({
              kind,
              uploadId: upload.id,
              userId: item.userId,
              companyId: upload.companyId,
              month: upload.month,
              year: upload.year,
              held: item.outcome === 'fiscalCodeOnce' ? item.outcome : null,
              storageKey: key,
              pages: item.pages.length,
            })
            .returning({ id: payslips.id });
          if (row) ids.set(item, row.id);
        }
        if (items.length > 0) {
          await tx.insert(payslipUploadItems).values(
            items.map((item) => ({
              uploadId: upload.id,
              outcome: item.outcome,
              reason: item.reason,
              fiscalCode: item.fiscalCode,
              userId: item.userId,
              pages: item.pages,
              vatNumbers: item.vatNumbers,
              payslipId: ids.get(item as (typeof toWrite)[number]) ?? null,
            })),
          );
        }
        await tx.update(payslipUploads).set({ state: 'done', pages }).where(eq(payslipUploads.id, upload.id));
        await announceBlacklisted(tx, {
          userIds: toWrite.map((item) => item.userId),
          period: periodLabel(upload),
          today: businessDate(now()),
        });
        await writeAudit(tx, {
          actorId: startedBy,
          action: 'payslipUpload.split',
          entity: payslipAuditEntity.upload,
          entityId: upload.id,
          fromState: 'processing',
          toState: 'done',
          data: {
            pages,
            payslips: written.length,
            problems: items.filter((item) => item.outcome !== 'payslip').length,
          },
        });
        return { uploadId: upload.id, payslips: written.length, pages };
      });
    } catch (error) {
      await Promise.all(written.map(({ key }) => sealed.remove(key).catch(() => undefined)));
      throw error;
    }
  },
});

/** Spec §6 Admin notifications › payslip blacklist: each listed employee whose payslip was withheld at upload. */
async function announceBlacklisted(
  tx: Executor,
  options: { userIds: readonly number[]; period: string; today: string },
): Promise<void> {
  const listed = await activeBlacklist(tx, options.userIds, options.today);
  if (listed.size === 0) return;
  const names = await tx
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(inArray(users.id, [...listed]));
  for (const person of names) {
    await notify(tx, {
      event: 'adminNotifications.payslipBlacklist',
      params: { employee: `${person.name} ${person.surname}`, month: options.period },
      // Not the uploader's doing: they hear of it too.
      link: '/app/payslips/blacklist',
    });
  }
}
