// The demo's logistics: three suppliers with their emails (one German, so a mail goes out in German), one warehouse
// per company, each company's series (DDT for picking, out and shop-out files, DDTA between the companies), and, with
// the sales catalogue, a few files of every kind in every state, the processed ones with their movements and numbers.
import { addDays, businessDate } from '@bottega/contracts/dates';
import {
  defaultTransportReason,
  type LogisticsFileKind,
  type LogisticsFileState,
  logisticsFileBodySchema,
} from '@bottega/contracts/logistics';
import { allAbilities } from '@bottega/contracts/permissions';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import type { SessionContext } from '../../platform/sessions';
import type { Storage } from '../../platform/storage';
import { users } from '../employees/employees.schema';
import { products } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { documentTypes, logisticsFiles, logisticsParties } from './logistics.schema';
import { emailLogisticsFile } from './logistics-email.service';
import { createLogisticsFile, moveLogisticsFile, processLogisticsFile } from './logistics-files.service';

const demoSuppliers = [
  {
    name: 'Tessitura Lombarda S.r.l.',
    vatNumber: '02345670131',
    address: 'Via per Cernobbio 12',
    cap: '22100',
    city: 'Como',
    province: 'CO',
    country: 'IT',
    emails: ['ordini@tessituralombarda.example', 'magazzino@tessituralombarda.example'],
  },
  {
    name: 'Ceramiche Emiliane S.p.A.',
    vatNumber: '01987650366',
    address: 'Via Radici in Piano 88',
    cap: '41049',
    city: 'Sassuolo',
    province: 'MO',
    country: 'IT',
    emails: ['logistica@ceramicheemiliane.example'],
  },
  {
    name: 'Textilwerk Bayern GmbH',
    vatNumber: 'DE812345678',
    address: 'Landsberger Straße 200',
    cap: '80687',
    city: 'München',
    province: '',
    country: 'DE',
    emails: ['versand@textilwerk-bayern.example'],
  },
] as const;

/** The warehouse of each demo company, by company code. */
const demoWarehouses = {
  BMODA: {
    name: 'Magazzino Moda Lacchiarella',
    address: 'Via dei Mestieri 4',
    cap: '20084',
    city: 'Lacchiarella',
    province: 'MI',
  },
  BCASA: {
    name: 'Magazzino Casa Bologna',
    address: 'Via dell’Industria 31',
    cap: '40138',
    city: 'Bologna',
    province: 'BO',
  },
} as const;

/** Suppliers, warehouses and document types; part of the demo's first transaction. */
export async function seedDemoLogisticsRegistry(tx: Executor, options: { companyIds: Map<string, number> }) {
  await tx
    .insert(logisticsParties)
    .values(
      demoSuppliers.map((supplier) => ({ type: 'supplier' as const, ...supplier, emails: [...supplier.emails] })),
    );
  for (const [code, warehouse] of Object.entries(demoWarehouses)) {
    const companyId = options.companyIds.get(code);
    if (companyId === undefined) continue;
    await tx.insert(logisticsParties).values({
      type: 'warehouse',
      companyId,
      ...warehouse,
      country: 'IT',
      emails: [`magazzino.${code.toLowerCase()}@bottega.example`],
    });
    await tx.insert(documentTypes).values([
      { companyId, code: 'DDT', name: 'Documento di trasporto', kinds: ['pickingFile', 'outFile', 'shopOutFile'] },
      { companyId, code: 'DDTA', name: 'DDT tra aziende del gruppo', kinds: ['companyPickingFile'] },
    ]);
  }
}

const states: LogisticsFileState[] = ['saved', 'sentForProcessing', 'processed', 'emailed'];

/**
 * A few files of every kind in every state, over the last weeks; with the sales catalogue only (the lines are its
 * products), and only once.
 */
export async function seedDemoLogisticsFiles(db: Database, options: { storage: Storage; now: Date }) {
  const [existing] = await db.select({ id: logisticsFiles.id }).from(logisticsFiles).limit(1);
  if (existing) return;
  const catalogue = await db.select({ code: products.code }).from(products).orderBy(asc(products.id)).limit(40);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const parties = await db.select().from(logisticsParties).orderBy(asc(logisticsParties.id));
  const shopRows = await db
    .select({ id: shops.id, companyId: shops.companyId })
    .from(shops)
    .where(eq(shops.closed, false))
    .orderBy(asc(shops.code));
  const suppliers = parties.filter((party) => party.type === 'supplier');
  const warehouses = parties.filter((party) => party.type === 'warehouse');
  const [moda, casa] = warehouses;
  if (catalogue.length < 10 || !admin || !moda || !casa || suppliers.length === 0 || shopRows.length < 2) return;
  // The office at work: every ability, every shop.
  const viewer: SessionContext = {
    sessionId: 'demo-seed',
    userId: admin.id,
    shopId: null,
    remember: false,
    user: { id: admin.id, name: 'Admin', surname: '', avatar: null, lng: 'it' },
    groups: [],
    abilities: new Set(allAbilities),
    isAdmin: true,
    shopIds: [],
    shop: null,
  };
  const today = businessDate(options.now);
  const shopOf = (index: number) => shopRows[index % shopRows.length] as { id: number; companyId: number };
  const warehouseOf = (companyId: number) => (companyId === moda.companyId ? moda : casa);
  let n = 0;
  for (const kind of ['inFile', 'pickingFile', 'companyPickingFile', 'outFile', 'shopOutFile'] as LogisticsFileKind[]) {
    for (const state of states) {
      n += 1;
      const shop = shopOf(n);
      const sides = {
        inFile: {
          from: { type: 'supplier', id: (suppliers[n % suppliers.length] ?? moda).id },
          to: { type: 'warehouse', id: moda.id },
        },
        pickingFile: {
          from: { type: 'warehouse', id: warehouseOf(shop.companyId).id },
          to: { type: 'shop', id: shop.id },
        },
        companyPickingFile: { from: { type: 'warehouse', id: moda.id }, to: { type: 'warehouse', id: casa.id } },
        outFile: { from: { type: 'warehouse', id: moda.id }, to: { type: 'supplier', id: (suppliers[0] ?? moda).id } },
        shopOutFile: {
          from: { type: 'shop', id: shop.id },
          to: { type: 'warehouse', id: warehouseOf(shop.companyId).id },
        },
      }[kind];
      const lines = Array.from({ length: 3 + (n % 5) }, (_, index) => ({
        productCode: (catalogue[(n * 7 + index * 3) % catalogue.length] as { code: string }).code,
        quantity: 2 + ((n + index) % 9),
        lot: index % 2 === 0 ? `L${String(2600 + n).padStart(5, '0')}` : '',
      }));
      const body = logisticsFileBodySchema.parse({
        ...sides,
        date: addDays(today, -(40 - n * 2)),
        supplierDocumentNumber: kind === 'inFile' ? `F-${1200 + n}` : '',
        supplierDocumentDate: kind === 'inFile' ? addDays(today, -(41 - n * 2)) : null,
        transportReason: defaultTransportReason[kind],
        carriedBy: n % 3 === 0 ? 'carrier' : 'sender',
        carrierName: n % 3 === 0 ? 'Trasporti Brambilla S.n.c.' : '',
        goodsAppearance: n % 2 === 0 ? 'Cartoni' : 'Pallet',
        packages: 1 + (n % 6),
        weightGrams: 4500 * (1 + (n % 6)),
        notes: state === 'saved' ? 'Da completare con il secondo bancale.' : '',
        lines,
      });
      const change = { db, viewer, kind, now: options.now };
      const file = await createLogisticsFile({ ...change, body });
      if (state === 'saved') continue;
      await moveLogisticsFile({ ...change, id: file.id, transition: 'send' });
      if (state === 'sentForProcessing') continue;
      await processLogisticsFile({ ...change, id: file.id });
      if (state === 'processed') continue;
      await emailLogisticsFile({ ...change, storage: options.storage, id: file.id });
    }
  }
}
