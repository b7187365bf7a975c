// The demo's POS settlement: what the acquirer would have settled for the demo's card payments (every credit card and
// bancomat payment of its receipts up to yesterday, a return paid back on card as a reversal), written by the portal
// simulator and imported as accounting's upload, so the archive and the comparison have content. It agrees with the
// cash reports and the sales except on three recent shop days: one transaction missing, one extra, one refused. Two
// rows name a terminal of a merchant code no shop has, as real files do. The file is downloadable from the uploads
// list, to try the upload with.
import { createHash } from 'node:crypto';
import { businessDate } from '@bottega/contracts/dates';
import { and, asc, eq, inArray, lt, ne } from 'drizzle-orm';
import { type PosSettlementRow, parsePosSettlement } from '../../integrations/pos/pos-settlement';
import { writePosSettlement } from '../../integrations/pos/pos-settlement.simulator';
import type { Database } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import { users } from '../employees/employees.schema';
import { receiptPayments, receipts } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { assignToShops, dateRange } from './pos.import';
import { shopsByMerchant } from './pos.jobs';
import { posEntries, posUploads } from './pos.schema';

type Row = Omit<PosSettlementRow, 'line'>;

/** A stable six-digit authorisation code for a payment. */
function authorisationCode(identity: string): string {
  return String(
    Number.parseInt(createHash('sha256').update(identity).digest('hex').slice(0, 8), 16) % 1_000_000,
  ).padStart(6, '0');
}

/** The demo's settlement rows, with the three disagreeing days; empty when the demo has no card payments. */
async function demoRows(db: Database, today: string): Promise<Row[]> {
  const payments = await db
    .select({
      shopCode: shops.code,
      merchantCode: shops.merchantCode,
      date: receipts.businessDate,
      register: receipts.registerCode,
      receiptNumber: receipts.receiptNumber,
      line: receiptPayments.lineNumber,
      method: receiptPayments.method,
      amountCents: receiptPayments.amountCents,
    })
    .from(receiptPayments)
    .innerJoin(receipts, eq(receipts.id, receiptPayments.receiptId))
    .innerJoin(shops, eq(shops.id, receipts.shopId))
    .where(
      and(
        inArray(receiptPayments.method, ['creditCard', 'bancomat']),
        ne(receipts.type, 'cancelled'),
        ne(shops.merchantCode, ''),
        lt(receipts.businessDate, today),
      ),
    )
    .orderBy(asc(receipts.businessDate), asc(shops.code), asc(receipts.issuedAt), asc(receiptPayments.lineNumber));
  const rows: Row[] = payments.map((payment) => {
    const identity = `${payment.shopCode}/${payment.register}/${payment.date}/${payment.receiptNumber}/${payment.line}`;
    const cardType = payment.method === 'bancomat' ? 'PAGOBANCOMAT' : payment.receiptNumber % 3 ? 'VISA' : 'MASTERCARD';
    return {
      date: payment.date,
      merchantCode: payment.merchantCode,
      terminal: `${payment.shopCode}-${payment.register}`,
      cardType,
      amountCents: payment.amountCents,
      state: payment.amountCents < 0 ? 'reversed' : 'accepted',
      authorisationCode: authorisationCode(identity),
    };
  });
  // The three disagreeing days: the latest three days, each of another shop, with a sale paid by card.
  const chosen: Row[] = [];
  for (let index = rows.length - 1; index >= 0 && chosen.length < 3; index -= 1) {
    const row = rows[index] as Row;
    const taken = chosen.some((other) => other.merchantCode === row.merchantCode || other.date === row.date);
    if (row.state === 'accepted' && !taken) chosen.push(row);
  }
  const [missing, extra, refused] = chosen;
  if (extra) rows.push({ ...extra, amountCents: 2_500, authorisationCode: authorisationCode(`extra/${extra.date}`) });
  if (refused) Object.assign(refused, { state: 'refused', authorisationCode: '' });
  const kept = rows.filter((row) => row !== missing);
  // A terminal of a merchant code the company does not have (a shop's old contract): left out on import.
  const last = kept.at(-1);
  if (last) {
    for (const amountCents of [4_990, 12_000]) {
      kept.push({ ...last, merchantCode: '4570099999', terminal: 'XX99-01', amountCents, state: 'accepted' });
    }
  }
  return kept;
}

/** The settlement imported as accounting's upload of yesterday evening. */
export async function seedDemoPosSettlement(db: Database, options: { storage: Storage; now: Date }): Promise<void> {
  const today = businessDate(options.now);
  const written = await demoRows(db, today);
  if (written.length === 0) return;
  const bytes = new TextEncoder().encode(writePosSettlement(written));
  // Read back as an upload is: the demo's entries are what the import would make of its file.
  const rows = parsePosSettlement(bytes);
  const { entries, unknownMerchants } = assignToShops(
    rows,
    await shopsByMerchant(
      db,
      rows.map((row) => row.merchantCode),
    ),
  );
  const [accounting] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'contabilita'));
  const storageKey = await options.storage.put('pos-uploads', bytes, 'csv');
  const [upload] = await db
    .insert(posUploads)
    .values({
      fileName: `estratto-pos-${today}.csv`,
      size: bytes.byteLength,
      storageKey,
      state: 'imported',
      rows: entries.length,
      newRows: entries.length,
      unknownMerchants,
      ...dateRange(rows),
      uploadedBy: accounting?.id ?? null,
      createdAt: new Date(options.now.getTime() - 14 * 3_600_000),
    })
    .returning({ id: posUploads.id });
  const uploadId = upload?.id as number;
  for (let start = 0; start < entries.length; start += 1000) {
    await db.insert(posEntries).values(entries.slice(start, start + 1000).map((entry) => ({ ...entry, uploadId })));
  }
}
