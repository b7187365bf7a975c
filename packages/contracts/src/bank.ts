import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema } from './common';
import { depositSchema } from './deposits';

// Bank statements (issue 21, spec §2 deposit/upload/bank and deposit/check, §6 Shops › bank, §8 bank transmission
// errors): the files accounting uploads, the lines read from them, and how each credit is matched to the shops'
// deposits and convalidated with them.

export const bankUploadStates = ['processing', 'imported', 'failed'] as const;
export type BankUploadState = (typeof bankUploadStates)[number];

/** Why a file was refused, as the parser said (kind, and the line and field or the sums where it has them). */
export const bankUploadFailureSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['unreadable', 'doctype', 'encoding', 'tooLarge', 'gaveUp']) }),
  z.object({ kind: z.literal('field'), line: z.number().int(), field: z.string() }),
  z.object({
    kind: z.literal('unbalanced'),
    statementId: z.string(),
    openingCents: z.number().int(),
    movementsCents: z.number().int(),
    closingCents: z.number().int(),
  }),
]);
export type BankUploadFailure = z.infer<typeof bankUploadFailureSchema>;

/**
 * Spec §8 bank transmission errors: what a line fails with when its accounting entry is built — an account no shop
 * has (master document), a deposit of a day whose cash report is not closed (first note), credits and deposits that
 * do not sum to the same amount (movements), a shop depositing more cash than it had taken (progressive
 * debit/credit) — or a text naming a deposit card no employee has.
 */
export const bankLineProblems = [
  'masterDocument',
  'firstNote',
  'movements',
  'progressiveDebitCredit',
  'depositCardNotFound',
] as const;
export type BankLineProblem = (typeof bankLineProblems)[number];

/** The most a statement file may weigh (the parser's own limit). */
export const bankStatementMaxBytes = 20 * 1024 * 1024;

export const bankUploadSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  format: z.enum(['camt053', 'cbi']).nullable(),
  state: z.enum(bankUploadStates),
  failure: bankUploadFailureSchema.nullable(),
  statements: z.number().int(),
  /** Lines in the file, and those new to the archive: a statement uploaded again adds none. */
  lines: z.number().int(),
  newLines: z.number().int(),
  firstDate: isoDateSchema.nullable(),
  lastDate: isoDateSchema.nullable(),
  jobId: z.number().int().nullable(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type BankUpload = z.infer<typeof bankUploadSchema>;
export const bankUploadPageSchema = pageOf(bankUploadSchema);
export const bankUploadStartedSchema = dataOf(
  z.object({ upload: bankUploadSchema, job: z.object({ id: z.number().int() }).loose() }),
);

export const bankLineSchema = z.object({
  id: z.number().int(),
  uploadId: z.number().int(),
  account: z.string(),
  line: z.number().int(),
  bankReference: z.string().nullable(),
  bookingDate: isoDateSchema,
  valueDate: isoDateSchema.nullable(),
  amountCents: z.number().int(),
  description: z.string(),
  counterparty: z.string().nullable(),
  /** The shop whose account it is, when one shop's account number is the statement's. */
  shop: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  problem: z.enum(bankLineProblems).nullable(),
  unknownCard: z.string().nullable(),
  /** The deposits it was convalidated with. */
  depositIds: z.array(z.number().int()),
});
export type BankLine = z.infer<typeof bankLineSchema>;

export const bankLineListQuerySchema = paginationQuerySchema.extend({
  uploadId: z.coerce.number().int().positive().optional(),
  /** open: credits not yet linked to a deposit; linked; all lines. */
  state: z.enum(['open', 'linked', 'all']).default('all'),
});
export type BankLineListQuery = z.input<typeof bankLineListQuerySchema>;
export const bankLinePageSchema = pageOf(bankLineSchema);

// ——— Matching (deposit/check) ———

/** A proposal: credits and deposits that settle each other, with the §8 problems that stop it being convalidated. */
export const bankMatchSchema = z.object({
  creditIds: z.array(z.number().int()),
  depositIds: z.array(z.number().int()),
  problems: z.array(z.enum(bankLineProblems)),
});
export type BankMatch = z.infer<typeof bankMatchSchema>;

export const bankMatchingSchema = z.object({
  /** The credits and deposits the proposals name, by id. */
  credits: z.array(bankLineSchema),
  deposits: z.array(depositSchema),
  matched: z.array(bankMatchSchema),
  /** A credit several groups of deposits could settle equally well: a person chooses one. */
  ambiguous: z.array(z.object({ creditId: z.number().int(), candidates: z.array(bankMatchSchema) })),
  /** The credit's text names a deposit card nobody has (§8). */
  unknownCards: z.array(z.object({ creditId: z.number().int(), cardNumber: z.string() })),
  unmatchedCredits: z.array(z.number().int()),
  unmatchedDeposits: z.array(z.number().int()),
});
export type BankMatching = z.infer<typeof bankMatchingSchema>;
export const bankMatchingAnswerSchema = dataOf(bankMatchingSchema);

/** Convalidate deposits with the credits they arrived in (a proposal, a choice among candidates, or by hand). */
export const bankConvalidateBodySchema = z.object({
  creditIds: z.array(z.number().int().positive()).min(1).max(10),
  depositIds: z.array(z.number().int().positive()).min(1).max(10),
});
export type BankConvalidateBody = z.infer<typeof bankConvalidateBodySchema>;
export const bankConvalidateAnswerSchema = dataOf(z.object({ depositIds: z.array(z.number().int()) }));
