// The demo's payslips (issue 19): for each company, the consultant's files of the two months before this one, split
// and convalidated; last year's tax certificates (CU); and this month's file of the first company split and waiting
// for review, with an employee we do not know in it. The files are made by the generator and cut by page owner
// (pdf-lib, no text reading), so seeding takes a moment, not the split's time; everything is sealed like real ones.
import { businessDate } from '@bottega/contracts/dates';
import type { PayslipKind } from '@bottega/contracts/payslips';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { shops, userShops } from '../shops/shops.schema';
import { extractPages, loadPdf } from './payslip-pdf';
import { type GeneratedEmployee, generateConsultantFile, madeUpFiscalCode } from './payslip-pdf.generator';
import { sealedPayslipStorage } from './payslips.common';
import { payslips, payslipUploadItems, payslipUploads } from './payslips.schema';

const monthNames = [
  'GENNAIO',
  'FEBBRAIO',
  'MARZO',
  'APRILE',
  'MAGGIO',
  'GIUGNO',
  'LUGLIO',
  'AGOSTO',
  'SETTEMBRE',
  'OTTOBRE',
  'NOVEMBRE',
  'DICEMBRE',
];

type Person = GeneratedEmployee & { id: number };

/** One consultant's file split as the job would: the upload, a payslip per employee, the items. */
async function seedUpload(
  db: Executor,
  sealed: Storage,
  options: {
    kind: PayslipKind;
    company: { id: number; name: string; vatNumber: string };
    year: number;
    month: number | null;
    people: Person[];
    stranger?: GeneratedEmployee;
    convalidatedAt: Date | null;
    uploadedBy: number | null;
  },
): Promise<void> {
  const { kind, company, year, month, people } = options;
  const { pdf, owners } = await generateConsultantFile({
    company: { name: company.name, vatNumber: company.vatNumber },
    month: month === null ? String(year) : `${monthNames[month - 1]} ${year}`,
    title: kind === 'payslip' ? 'CEDOLINO PAGA' : 'CERTIFICAZIONE UNICA',
    employees: options.stranger ? [...people, options.stranger] : people,
  });
  const [upload] = await db
    .insert(payslipUploads)
    .values({
      kind,
      companyId: company.id,
      month,
      year,
      fileName: `${kind === 'payslip' ? 'cedolini' : 'CU'}-${company.name.split(' ')[1]?.toLowerCase()}-${year}${
        month === null ? '' : `-${String(month).padStart(2, '0')}`
      }.pdf`,
      size: pdf.byteLength,
      storageKey: await sealed.put(`payslip-uploads/${company.id}`, pdf, 'pdf'),
      pages: owners.length,
      state: 'done',
      uploadedBy: options.uploadedBy,
    })
    .returning({ id: payslipUploads.id });
  const uploadId = upload?.id as number;
  const document = await loadPdf(pdf);
  const pagesOf = (code: string) => owners.flatMap((owner, index) => (owner === code ? [index + 1] : []));
  for (const person of people) {
    const pages = pagesOf(person.fiscalCode);
    const key = await sealed.put(`payslips/${company.id}/${year}`, await extractPages(document, pages), 'pdf');
    const [row] = await db
      .insert(payslips)
      .values({
        kind,
        uploadId,
        userId: person.id,
        companyId: company.id,
        month,
        year,
        status: options.convalidatedAt ? 'convalidated' : 'uploaded',
        storageKey: key,
        pages: pages.length,
        convalidatedAt: options.convalidatedAt,
        convalidatedBy: options.convalidatedAt ? options.uploadedBy : null,
        notifiedAt: options.convalidatedAt,
      })
      .returning({ id: payslips.id });
    await db.insert(payslipUploadItems).values({
      uploadId,
      outcome: 'payslip',
      fiscalCode: person.fiscalCode,
      userId: person.id,
      pages,
      payslipId: row?.id,
    });
  }
  if (options.stranger) {
    await db.insert(payslipUploadItems).values({
      uploadId,
      outcome: 'notUploaded',
      reason: 'unknownEmployee',
      fiscalCode: options.stranger.fiscalCode,
      pages: pagesOf(options.stranger.fiscalCode),
    });
  }
}

/** The demo's people with a codice fiscale, by the company of their main shop (former employees: the first). */
async function peopleByCompany(db: Executor): Promise<Map<number, Person[]>> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      fiscalCode: users.fiscalCode,
      companyId: shops.companyId,
      isMain: userShops.isMain,
    })
    .from(users)
    .leftJoin(userShops, eq(userShops.userId, users.id))
    .leftJoin(shops, eq(shops.id, userShops.shopId))
    .where(isNotNull(users.fiscalCode))
    .orderBy(users.id);
  const [first] = await db.select({ id: companies.id }).from(companies).orderBy(companies.id).limit(1);
  const byCompany = new Map<number, Person[]>();
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.id) || (row.companyId !== null && !row.isMain)) continue;
    seen.add(row.id);
    const companyId = row.companyId ?? (first?.id as number);
    const person: Person = {
      id: row.id,
      name: `${row.name} ${row.surname}`.toUpperCase(),
      fiscalCode: row.fiscalCode as string,
      pages: ((row.id % 2) + 1) as 1 | 2,
    };
    byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), person]);
  }
  return byCompany;
}

export async function seedDemoPayslips(
  db: Database,
  options: { storage: Storage; appKey: string; now: Date; uploadedBy: string },
): Promise<void> {
  const sealed = sealedPayslipStorage(options.storage, { appKey: options.appKey });
  const [year, month] = businessDate(options.now).split('-').map(Number) as [number, number];
  const monthsBefore = [1, 2].map((back) => {
    const index = year * 12 + (month - 1) - back;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
  await db.transaction(async (tx) => {
    const [uploader] = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, [options.uploadedBy]));
    const uploadedBy = uploader?.id ?? null;
    const companyRows = await tx.select().from(companies).orderBy(companies.id);
    const people = await peopleByCompany(tx);
    for (const [index, company] of companyRows.entries()) {
      const staff = people.get(company.id) ?? [];
      if (staff.length === 0) continue;
      for (const period of monthsBefore) {
        // Convalidated on the 27th of the month it pays.
        const convalidatedAt = new Date(Date.UTC(period.year, period.month - 1, 27, 9));
        await seedUpload(tx, sealed, {
          kind: 'payslip',
          company,
          ...period,
          people: staff,
          convalidatedAt,
          uploadedBy,
        });
      }
      await seedUpload(tx, sealed, {
        kind: 'taxCertificate',
        company,
        year: year - 1,
        month: null,
        people: staff,
        convalidatedAt: new Date(Date.UTC(year, 2, 16, 9)),
        uploadedBy,
      });
      if (index === 0) {
        await seedUpload(tx, sealed, {
          kind: 'payslip',
          company,
          year,
          month,
          people: staff,
          stranger: { name: 'PERSONA SCONOSCIUTA', fiscalCode: madeUpFiscalCode(9_999), pages: 1 },
          convalidatedAt: null,
          uploadedBy,
        });
      }
    }
  });
}
