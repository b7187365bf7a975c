import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, requiredText, text } from './common';
import type { Ability } from './permissions';

// Logistics (spec §1 Logistics files, §2 Logistics and Documents, §3 Document check, §4, §6 Logistics, §8; issue 25).
// Goods move between suppliers, the companies' warehouses and the shops. Each move is a file of lines — a header
// saying from where to where, when and why, and the products with their quantities — that is saved, sent for
// processing, processed (stock movements written, the transport document numbered in its type's series) and emailed
// to the other side with its DDT. The spec lists no field of a file: these are what an Italian warehouse needs on a
// documento di trasporto (D.P.R. 472/1996 art. 1, D.P.R. 627/1978).

const id = z.number().int().positive();

// ——— Kinds of file ———

/**
 * in-file: goods received from a supplier into a warehouse; picking file: what a warehouse picks and sends to a shop;
 * company picking file: goods from one company's warehouse to the other company's; out-file: goods leaving a
 * warehouse for a supplier (a return, a repair); shop-out file: what a shop sends back to a warehouse or to another
 * shop.
 */
export const logisticsFileKinds = ['inFile', 'pickingFile', 'companyPickingFile', 'outFile', 'shopOutFile'] as const;
export type LogisticsFileKind = (typeof logisticsFileKinds)[number];
export const logisticsFileKindSchema = z.enum(logisticsFileKinds);

/** The path of each kind, as §2 names its screens (`/app/in-files/list`) and the API its routes. */
export const logisticsFileSlugs = {
  inFile: 'in-files',
  pickingFile: 'picking-files',
  companyPickingFile: 'company-picking-files',
  outFile: 'out-files',
  shopOutFile: 'shop-out-files',
} as const satisfies Record<LogisticsFileKind, string>;
export type LogisticsFileSlug = (typeof logisticsFileSlugs)[LogisticsFileKind];

export function logisticsKindOfSlug(slug: string): LogisticsFileKind | undefined {
  return logisticsFileKinds.find((kind) => logisticsFileSlugs[kind] === slug);
}

export const logisticsFileActions = ['view', 'add', 'edit', 'process', 'download'] as const;
export type LogisticsFileAction = (typeof logisticsFileActions)[number];

/**
 * §6 lists abilities for in-files, picking files, out-files and shop-out files; a company picking file is a picking
 * file between the companies' warehouses and is governed by the picking file's abilities.
 */
const abilityFamily = {
  inFile: 'inFile',
  pickingFile: 'pickingFile',
  companyPickingFile: 'pickingFile',
  outFile: 'outFile',
  shopOutFile: 'shopOutFile',
} as const satisfies Record<LogisticsFileKind, string>;

export function logisticsAbility(kind: LogisticsFileKind, action: LogisticsFileAction): Ability {
  return `logistics.${abilityFamily[kind]}.${action}` as Ability;
}

// ——— Parties: who sends and who receives ———

/** A supplier or a warehouse is kept by logistics; a shop is the shops' own record. */
export const logisticsPartyTypes = ['supplier', 'warehouse', 'shop'] as const;
export type LogisticsPartyType = (typeof logisticsPartyTypes)[number];
export const logisticsPartyTypeSchema = z.enum(logisticsPartyTypes);

/** Where each kind may come from and go to. A company picking file's two warehouses belong to different companies. */
export const logisticsFileRoutes = {
  inFile: { from: ['supplier'], to: ['warehouse'] },
  pickingFile: { from: ['warehouse'], to: ['shop'] },
  companyPickingFile: { from: ['warehouse'], to: ['warehouse'] },
  outFile: { from: ['warehouse'], to: ['supplier'] },
  shopOutFile: { from: ['shop'], to: ['warehouse', 'shop'] },
} as const satisfies Record<
  LogisticsFileKind,
  { from: readonly LogisticsPartyType[]; to: readonly LogisticsPartyType[] }
>;

/** Where stock is kept: a warehouse or a shop. Suppliers are outside: goods come from and go to them. */
export const stockLocationTypes = ['warehouse', 'shop'] as const;
export type StockLocationType = (typeof stockLocationTypes)[number];

/** The emails of a party, one or more, separated by commas or semicolons in the form. */
const emailList = z
  .array(z.email().max(254))
  .max(10)
  .superRefine((emails, context) => {
    if (new Set(emails.map((email) => email.toLowerCase())).size === emails.length) return;
    context.addIssue({ code: 'custom', message: 'unique', params: { rule: 'unique' }, input: emails });
  });

/** A supplier or a warehouse (a warehouse belongs to one company; a supplier to none). */
export const logisticsPartyBodySchema = z
  .object({
    type: z.enum(['supplier', 'warehouse']),
    companyId: id.nullable().default(null),
    name: requiredText(200),
    vatNumber: text(16).default(''),
    address: text(200).default(''),
    cap: text(10).default(''),
    city: text(100).default(''),
    province: text(2).default(''),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('IT'),
    emails: emailList.default([]),
  })
  .superRefine((party, context) => {
    // A warehouse is a company's; a supplier sells to every company.
    if ((party.type === 'warehouse') !== (party.companyId !== null))
      context.addIssue({
        code: 'custom',
        path: ['companyId'],
        message: party.type === 'warehouse' ? 'required' : 'notAllowed',
        params: { rule: party.type === 'warehouse' ? 'required' : 'notAllowed' },
        input: party.companyId,
      });
  });
export type LogisticsPartyBody = z.input<typeof logisticsPartyBodySchema>;

export const logisticsPartySchema = z.object({
  id,
  type: z.enum(['supplier', 'warehouse']),
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  name: z.string(),
  vatNumber: z.string(),
  address: z.string(),
  cap: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  emails: z.array(z.string()),
});
export type LogisticsParty = z.infer<typeof logisticsPartySchema>;
export const logisticsPartiesAnswerSchema = dataOf(z.array(logisticsPartySchema));
export const logisticsPartyAnswerSchema = dataOf(logisticsPartySchema);

/** One side of a file as the screens and the DDT show it. */
export const logisticsSideSchema = z.object({
  type: logisticsPartyTypeSchema,
  id,
  name: z.string(),
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  vatNumber: z.string(),
  address: z.string(),
  cap: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  emails: z.array(z.string()),
});
export type LogisticsSide = z.infer<typeof logisticsSideSchema>;

// ——— Document types and their numbers (§6 "document types and numbers") ———

/**
 * A document type is a numbering series of one company: its code is the series printed beside the number (the
 * sezionale, "123/DDT"), and it names the kinds of file it numbers by default. Numbers run per type and calendar year
 * from 1 without gaps: the next one is taken when a file is processed, in the same transaction.
 */
export const documentTypeBodySchema = z.object({
  companyId: id,
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/),
  name: requiredText(100),
  kinds: z.array(logisticsFileKindSchema).max(logisticsFileKinds.length).default([]),
  active: z.boolean().default(true),
});
export type DocumentTypeBody = z.input<typeof documentTypeBodySchema>;

export const documentTypeSchema = z.object({
  id,
  companyId: id,
  companyName: z.string(),
  code: z.string(),
  name: z.string(),
  kinds: z.array(logisticsFileKindSchema),
  active: z.boolean(),
  /** The last number given this year (0: none yet) and the year it belongs to. */
  year: z.number().int(),
  lastNumber: z.number().int(),
});
export type DocumentType = z.infer<typeof documentTypeSchema>;
export const documentTypesAnswerSchema = dataOf(z.array(documentTypeSchema));
export const documentTypeAnswerSchema = dataOf(documentTypeSchema);

/** The number as printed: "123/DDT". */
export function formatDocumentNumber(number: number, series: string): string {
  return `${number}/${series}`;
}

// ——— A file's states (§4 Logistics files) ———

export const logisticsFileStates = ['saved', 'sentForProcessing', 'processed', 'emailed'] as const;
export type LogisticsFileState = (typeof logisticsFileStates)[number];

/**
 * The one transition table: a saved file is sent for processing (and may be edited until then); the warehouse office
 * processes it or gives it back to be corrected, with a reason; a processed file is emailed to the other side, and may
 * be emailed again. Which ability each needs: `send` the kind's edit, the rest the kind's process.
 */
export const logisticsFileTransitions = {
  send: { from: ['saved'], to: 'sentForProcessing', action: 'edit' },
  giveBack: { from: ['sentForProcessing'], to: 'saved', action: 'process' },
  process: { from: ['sentForProcessing'], to: 'processed', action: 'process' },
  email: { from: ['processed', 'emailed'], to: 'emailed', action: 'process' },
} as const satisfies Record<
  string,
  { from: readonly LogisticsFileState[]; to: LogisticsFileState; action: LogisticsFileAction }
>;
export type LogisticsFileTransition = keyof typeof logisticsFileTransitions;

export function nextLogisticsFileState(
  from: LogisticsFileState,
  transition: LogisticsFileTransition,
): LogisticsFileState | null {
  const rule = logisticsFileTransitions[transition];
  return (rule.from as readonly LogisticsFileState[]).includes(from) ? rule.to : null;
}

// ——— Lines ———

/** Lines a file may hold: a warehouse's biggest delivery fits with room. */
export const logisticsFileMaxLines = 10_000;
/** Quantities are whole pieces. */
export const logisticsQuantityMax = 1_000_000;

export const logisticsLineBodySchema = z.object({
  /** The product's code in the catalogue the sales feed keeps. */
  productCode: requiredText(40),
  /** Empty: the catalogue's description. */
  description: text(200).default(''),
  quantity: z.number().int().min(1).max(logisticsQuantityMax),
  /** Cents, when the file carries a value (an in-file from its supplier's document). */
  unitPriceCents: z.number().int().min(0).max(100_000_000).nullable().default(null),
  lot: text(40).default(''),
});
export type LogisticsLineBody = z.input<typeof logisticsLineBodySchema>;

export const logisticsLineSchema = z.object({
  position: z.number().int(),
  productId: id,
  productCode: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int().nullable(),
  lot: z.string(),
});
export type LogisticsLine = z.infer<typeof logisticsLineSchema>;

// ——— A file's header ———

/** Causale del trasporto: the reason goods travel, printed on the DDT. */
export const transportReasons = ['sale', 'transfer', 'return', 'repair', 'consignment', 'purchase'] as const;
export type TransportReason = (typeof transportReasons)[number];

/** Who carries the goods (trasporto a cura del): the sender, the recipient, or a carrier named on the DDT. */
export const carriedBy = ['sender', 'recipient', 'carrier'] as const;
export type CarriedBy = (typeof carriedBy)[number];

/** The reason each kind travels for unless the file says otherwise. */
export const defaultTransportReason = {
  inFile: 'purchase',
  pickingFile: 'transfer',
  companyPickingFile: 'sale',
  outFile: 'return',
  shopOutFile: 'return',
} as const satisfies Record<LogisticsFileKind, TransportReason>;

const sideBodySchema = z.object({ type: logisticsPartyTypeSchema, id });

export const logisticsFileBodySchema = z
  .object({
    from: sideBodySchema,
    to: sideBodySchema,
    date: isoDateSchema,
    /** The series that numbers it when processed; an in-file carries its supplier's number instead. */
    documentTypeId: id.nullable().default(null),
    /** An in-file's number on its supplier's document; the others are numbered when processed. */
    supplierDocumentNumber: text(40).default(''),
    supplierDocumentDate: isoDateSchema.nullable().default(null),
    transportReason: z.enum(transportReasons),
    carriedBy: z.enum(carriedBy).default('sender'),
    carrierName: text(200).default(''),
    /** Aspetto esteriore dei beni: "cartoni", "pallet", "sfuso"… */
    goodsAppearance: text(100).default(''),
    packages: z.number().int().min(0).max(100_000).nullable().default(null),
    weightGrams: z.number().int().min(0).max(100_000_000).nullable().default(null),
    notes: text(2000, { multiLine: true }).default(''),
    lines: z.array(logisticsLineBodySchema).max(logisticsFileMaxLines).default([]),
  })
  .superRefine((file, context) => {
    if (file.carriedBy === 'carrier' && file.carrierName === '')
      context.addIssue({
        code: 'custom',
        path: ['carrierName'],
        message: 'required',
        params: { rule: 'required' },
        input: file.carrierName,
      });
  });
export type LogisticsFileBody = z.input<typeof logisticsFileBodySchema>;

export const logisticsFileListQuerySchema = paginationQuerySchema.extend({
  state: z.enum(logisticsFileStates).optional(),
  /** A shop (for a shop-out file, either side) or a warehouse. */
  shopId: z.coerce.number().int().positive().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** The document number, the counterpart's name or a product code. */
  search: text(100).optional(),
});
export type LogisticsFileListQuery = z.input<typeof logisticsFileListQuerySchema>;

export const logisticsFileSummarySchema = z.object({
  id,
  kind: logisticsFileKindSchema,
  state: z.enum(logisticsFileStates),
  date: isoDateSchema,
  from: logisticsSideSchema,
  to: logisticsSideSchema,
  documentTypeId: id.nullable(),
  /** "123/DDT" once processed (an in-file: its supplier's number). */
  documentNumber: z.string().nullable(),
  documentDate: isoDateSchema.nullable(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  emailedAt: z.string().nullable(),
  /** A picking file or a shop-out file to a shop: when the receiving shop confirmed it, and whether it differed. */
  receivedAt: z.string().nullable(),
  receivedWithDifferences: z.boolean(),
});
export type LogisticsFileSummary = z.infer<typeof logisticsFileSummarySchema>;
export const logisticsFilePageSchema = pageOf(logisticsFileSummarySchema);

export const logisticsFileSchema = logisticsFileSummarySchema.extend({
  supplierDocumentNumber: z.string(),
  supplierDocumentDate: isoDateSchema.nullable(),
  transportReason: z.enum(transportReasons),
  carriedBy: z.enum(carriedBy),
  carrierName: z.string(),
  goodsAppearance: z.string(),
  packages: z.number().int().nullable(),
  weightGrams: z.number().int().nullable(),
  notes: z.string(),
  /** Why the office gave it back, the last time it did. */
  givenBackReason: z.string().nullable(),
  lines: z.array(logisticsLineSchema),
  /** What the receiving shop counted, per position, when it differed. */
  receivedDifferences: z.array(z.object({ position: z.number().int(), receivedQuantity: z.number().int() })),
});
export type LogisticsFile = z.infer<typeof logisticsFileSchema>;
export const logisticsFileAnswerSchema = dataOf(logisticsFileSchema);

export const logisticsGiveBackBodySchema = z.object({ reason: requiredText(500, { multiLine: true }) });

// ——— Importing lines (CSV or XLSX) ———

/**
 * A sheet of lines: a header row naming the columns (code, description, quantity, price, lot — Italian or English
 * headers), one line per row. Every row is checked; a file with any bad row imports nothing and reports each one.
 */
export const logisticsImportColumns = {
  productCode: ['codice', 'code', 'product', 'prodotto', 'articolo', 'sku'],
  description: ['descrizione', 'description'],
  quantity: ['quantita', 'quantità', 'qta', 'qty', 'quantity'],
  unitPrice: ['prezzo', 'price', 'unit price', 'prezzo unitario'],
  lot: ['lotto', 'lot'],
} as const;

export const logisticsImportRowErrorSchema = z.object({
  /** The row in the sheet, 1 being the header. */
  row: z.number().int(),
  column: z.string(),
  /** A validation rule (validation.json): required, integer, unknownProduct, tooBig… */
  rule: z.string(),
  value: z.string(),
});
export type LogisticsImportRowError = z.infer<typeof logisticsImportRowErrorSchema>;

export const logisticsImportAnswerSchema = dataOf(
  z.object({
    lines: z.array(logisticsLineBodySchema),
    errors: z.array(logisticsImportRowErrorSchema),
    /** Codes not in the catalogue, each once, in the order met: listed, never dropped. */
    unknownProducts: z.array(z.string()),
  }),
);

// ——— The shop's delivery notes (shop/bds/archive) ———

/** The shop's count of what arrived: every line's received quantity, the same as sent when nothing differed. */
export const logisticsReceiveBodySchema = z.object({
  lines: z
    .array(z.object({ position: z.number().int().min(1), receivedQuantity: z.number().int().min(0).max(1_000_000) }))
    .max(logisticsFileMaxLines),
});
export type LogisticsReceiveBody = z.input<typeof logisticsReceiveBodySchema>;

export const deliveryNoteListQuerySchema = paginationQuerySchema.extend({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  kind: logisticsFileKindSchema.optional(),
  direction: z.enum(['in', 'out']).optional(),
  search: text(100).optional(),
});
export type DeliveryNoteListQuery = z.input<typeof deliveryNoteListQuerySchema>;

// ——— Stock ———

export const stockQuerySchema = paginationQuerySchema.extend({
  locationType: z.enum(stockLocationTypes),
  locationId: z.coerce.number().int().positive(),
  search: text(100).optional(),
  /** Only products whose expected quantity is not zero. */
  nonZero: z.coerce.boolean().optional(),
});
export type StockQuery = z.input<typeof stockQuerySchema>;

export const stockRowSchema = z.object({
  productId: id,
  productCode: z.string(),
  description: z.string(),
  /** Moved in less moved out by processed files. */
  moved: z.number().int(),
  /** Pieces sold by the shop's receipts (0 in a warehouse). */
  sold: z.number().int(),
  /** What should be there: moved less sold. */
  expected: z.number().int(),
  lastMovementOn: isoDateSchema.nullable(),
});
export type StockRow = z.infer<typeof stockRowSchema>;
export const stockPageSchema = pageOf(stockRowSchema);

/** A count compared with the expected stock: every product counted or expected, where the two differ. */
export const stockCountDifferenceSchema = z.object({
  productCode: z.string(),
  description: z.string(),
  expected: z.number().int(),
  counted: z.number().int(),
  difference: z.number().int(),
});
export const stockCountAnswerSchema = dataOf(
  z.object({
    differences: z.array(stockCountDifferenceSchema),
    counted: z.number().int(),
    errors: z.array(logisticsImportRowErrorSchema),
    unknownProducts: z.array(z.string()),
  }),
);

// ——— Document checks (documents/manage/rm and /mf; §3 Document check, §4) ———

/**
 * Two registers of transport documents checked against what logistics processed. RM (reso merce): goods sent back —
 * shop-out files and out-files; MF (movimento fra magazzino e filiali): goods the warehouse shipped — picking files
 * and company picking files. A document is its date, its number and its serial number (the series, the document
 * type's code); validating it finds a processed file of those kinds with that series, number and date, and is
 * irreversible.
 */
export const documentCheckTypes = ['rm', 'mf'] as const;
export type DocumentCheckType = (typeof documentCheckTypes)[number];
export const documentCheckTypeSchema = z.enum(documentCheckTypes);

export const documentCheckKinds = {
  rm: ['shopOutFile', 'outFile'],
  mf: ['pickingFile', 'companyPickingFile'],
} as const satisfies Record<DocumentCheckType, readonly LogisticsFileKind[]>;

export const documentCheckAbility = {
  rm: 'logistics.checkDocuments.rm',
  mf: 'logistics.checkDocuments.mf',
} as const satisfies Record<DocumentCheckType, Ability>;

export const documentCheckBodySchema = z.object({
  date: isoDateSchema,
  number: z.number().int().min(1).max(99_999_999),
  serialNumber: z
    .string()
    .trim()
    .regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/),
});
export type DocumentCheckBody = z.input<typeof documentCheckBodySchema>;

export const documentCheckListQuerySchema = paginationQuerySchema.extend({
  search: text(40).optional(),
  validated: z.enum(['yes', 'no']).optional(),
});
export type DocumentCheckListQuery = z.input<typeof documentCheckListQuerySchema>;

export const documentCheckSchema = z.object({
  id,
  type: documentCheckTypeSchema,
  date: isoDateSchema,
  number: z.number().int(),
  serialNumber: z.string(),
  validated: z.boolean(),
  validatedAt: z.string().nullable(),
  validatedBy: z.string().nullable(),
  /** The processed file it matched, once validated. */
  fileId: id.nullable(),
  fileKind: logisticsFileKindSchema.nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type DocumentCheck = z.infer<typeof documentCheckSchema>;
export const documentCheckPageSchema = pageOf(documentCheckSchema);
export const documentCheckAnswerSchema = dataOf(documentCheckSchema);

/** Told on a file's shop and office channel when a file changes state, so open lists refresh. */
export const logisticsChangedEvent = 'logistics.changed';
export type LogisticsChangedPayload = { fileId: number; kind: LogisticsFileKind };
