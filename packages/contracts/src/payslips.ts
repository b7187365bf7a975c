import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, text } from './common';
import { jobSchema } from './jobs';
import type { Ability } from './permissions';

// Payslips and tax certificates (Certificazione Unica, CU), spec §1/§3/§4 and issue 19: the payroll consultant's PDF
// is uploaded for a company (and month), a job splits it per employee by codice fiscale, the review convalidates,
// and each employee downloads their own.

/** A monthly payslip, or the yearly tax certificate: the same flow, different abilities and no month. */
export const payslipKinds = ['payslip', 'taxCertificate'] as const;
export type PayslipKind = (typeof payslipKinds)[number];

/** Spec §4: uploaded, then convalidated, after which the employee can download it. */
export const payslipStatuses = ['uploaded', 'convalidated'] as const;
export type PayslipStatus = (typeof payslipStatuses)[number];

/** An uploaded file while its job reads it, once split, or when reading it failed for good. */
export const payslipUploadStates = ['processing', 'done', 'failed'] as const;
export type PayslipUploadState = (typeof payslipUploadStates)[number];
export const payslipUploadFailures = ['unreadable', 'gaveUp'] as const;

/**
 * What the split made of each employee or page (§5/§8 payslip upload errors): a payslip; a code seen on a single
 * page next to pages of nobody, held for review (`fiscalCodeOnce`); pages printed for an employer that is not the
 * company chosen (`companyNotFound`); that employee's payslip of that company and period already there
 * (`alreadyExists`); pages nobody could be matched to (`notUploaded`, with a reason).
 */
export const payslipItemOutcomes = [
  'payslip',
  'fiscalCodeOnce',
  'companyNotFound',
  'alreadyExists',
  'notUploaded',
] as const;
export type PayslipItemOutcome = (typeof payslipItemOutcomes)[number];
/** The problems among the outcomes: what the upload log counts and the review shows first. */
export const payslipProblems = payslipItemOutcomes.filter((outcome) => outcome !== 'payslip');

/** Why pages were not uploaded: a scan, no code, several codes, or a code of nobody we employ (or employed). */
export const notUploadedReasons = ['noText', 'noFiscalCode', 'severalFiscalCodes', 'unknownEmployee'] as const;
export type NotUploadedReason = (typeof notUploadedReasons)[number];

/** The largest consultant file taken: a thousand pages of payslips are a few megabytes; scans are more. */
export const payslipUploadMaxBytes = 50 * 1024 * 1024;

/** The abilities of each step, per kind (spec §6 Employees › payslips, Tax certificates). */
export const payslipAbilities = {
  payslip: {
    upload: 'employees.payslips.upload',
    logs: 'employees.payslips.logs',
    logsDetail: 'employees.payslips.logsDetail',
    convalidate: 'employees.payslips.convalidate',
    archive: 'employees.payslips.archive',
    delete: 'employees.payslips.delete',
    /**
     * Download anyone's: the archive's. (Spec §6 "download payslips", employees.downloadPayslips, is seeded to every
     * employee with downloadOwn: it cannot mean everyone's.)
     */
    download: 'employees.payslips.archive',
    own: 'employees.payslips.downloadOwn',
    sendEmail: 'employees.payslips.sendEmail',
  },
  taxCertificate: {
    upload: 'taxCertificates.upload',
    logs: 'taxCertificates.upload',
    logsDetail: 'taxCertificates.upload',
    convalidate: 'taxCertificates.upload',
    archive: 'taxCertificates.list',
    delete: 'taxCertificates.upload',
    download: 'taxCertificates.list',
    own: 'taxCertificates.view',
    sendEmail: 'taxCertificates.upload',
  },
} as const satisfies Record<PayslipKind, Record<string, Ability>>;
export type PayslipStep = keyof (typeof payslipAbilities)['payslip'];

/** Where each kind's API lives: /api/payslips/… and /api/tax-certificates/…. */
export const payslipApiBase = { payslip: '/api/payslips', taxCertificate: '/api/tax-certificates' } as const;

const yearSchema = z.coerce.number().int().min(2000).max(2100);
const monthSchema = z.coerce.number().int().min(1).max(12);

/** The form fields sent with the file (multipart): the company, the year and, for payslips, the month. */
export const payslipUploadFieldsSchema = z.object({
  companyId: z.coerce.number().int().positive(),
  year: yearSchema,
  month: monthSchema.optional(),
});
export type PayslipUploadFields = z.infer<typeof payslipUploadFieldsSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string(), surname: z.string() });

export const payslipUploadSchema = z.object({
  id: z.number().int(),
  kind: z.enum(payslipKinds),
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** Null for a tax certificate. */
  month: z.number().int().nullable(),
  year: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  /** Known once the job has read the file. */
  pages: z.number().int().nullable(),
  state: z.enum(payslipUploadStates),
  /** Why a failed upload failed: a PDF that cannot be read (damaged, password-protected), or its job gave up. */
  failure: z.enum(payslipUploadFailures).nullable(),
  /** The split job, for its progress (GET /api/jobs/:id, only for the person who uploaded). */
  jobId: z.number().int(),
  uploadedBy: personSchema.nullable(),
  createdAt: z.iso.datetime(),
  counts: z.object({
    /** Payslips written by this upload. */
    payslips: z.number().int(),
    /** Of which convalidated. */
    convalidated: z.number().int(),
    /** Items with a problem (§5). */
    problems: z.number().int(),
  }),
});
export type PayslipUpload = z.infer<typeof payslipUploadSchema>;
export const payslipUploadAnswerSchema = dataOf(payslipUploadSchema);
export const payslipUploadPageSchema = pageOf(payslipUploadSchema);
export const payslipUploadListQuerySchema = paginationQuerySchema.extend({
  companyId: z.coerce.number().int().positive().optional(),
  year: yearSchema.optional(),
  /** Only uploads with payslips still to convalidate (the convalidate page). */
  pending: z.stringbool().default(false),
});

export const payslipItemSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(payslipItemOutcomes),
  reason: z.enum(notUploadedReasons).nullable(),
  fiscalCode: z.string().nullable(),
  /** The employee the code belongs to (current or former); null when nobody's. */
  employee: personSchema.extend({ former: z.boolean() }).nullable(),
  /** The pages of the uploaded file, 1-based. */
  pages: z.array(z.number().int()),
  /** The payslip written (outcome payslip or fiscalCodeOnce); null otherwise. */
  payslipId: z.number().int().nullable(),
  status: z.enum(payslipStatuses).nullable(),
  /** The employee is on the blacklist: not delivered nor announced while listed. */
  blacklisted: z.boolean(),
  /** For companyNotFound: the partite IVA printed on the pages. */
  vatNumbers: z.array(z.string()),
});
export type PayslipItem = z.infer<typeof payslipItemSchema>;
export const payslipItemListQuerySchema = paginationQuerySchema.extend({
  outcome: z.enum(payslipItemOutcomes).optional(),
  /** Only items still to convalidate. */
  pending: z.stringbool().default(false),
});
export const payslipItemPageSchema = pageOf(payslipItemSchema).extend({
  meta: z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    /** Items of the upload by outcome, whatever the filter. */
    outcomes: z.record(z.enum(payslipItemOutcomes), z.number().int()),
  }),
});
export type PayslipItemPage = z.infer<typeof payslipItemPageSchema>;

/** An upload accepted: the upload row and its job, to follow the progress. */
export const payslipUploadStartedSchema = dataOf(z.object({ upload: payslipUploadSchema, job: jobSchema }));

/**
 * Convalidates payslips of one upload: those named, or (no ids) every one still uploaded except those held for
 * review (a code seen once), which are convalidated only when named.
 */
export const payslipConvalidateBodySchema = z.object({
  uploadId: z.number().int().positive(),
  payslipIds: z.array(z.number().int().positive()).min(1).max(2000).optional(),
});
export const payslipConvalidateAnswerSchema = dataOf(
  z.object({
    convalidated: z.number().int(),
    /** Employees told it is available (the blacklisted are not). */
    notified: z.number().int(),
  }),
);

export const payslipSchema = z.object({
  id: z.number().int(),
  kind: z.enum(payslipKinds),
  company: z.object({ id: z.number().int(), name: z.string() }),
  month: z.number().int().nullable(),
  year: z.number().int(),
  status: z.enum(payslipStatuses),
  employee: personSchema,
  uploadId: z.number().int(),
  pages: z.number().int(),
  convalidatedAt: z.iso.datetime().nullable(),
  /** When the employee first downloaded it; null: not yet. */
  firstDownloadedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Payslip = z.infer<typeof payslipSchema>;
export const payslipPageSchema = pageOf(payslipSchema);
/** The archive: convalidated ones, by company, year, month, employee (name or surname). */
export const payslipArchiveQuerySchema = paginationQuerySchema.extend({
  companyId: z.coerce.number().int().positive().optional(),
  year: yearSchema.optional(),
  month: monthSchema.optional(),
  search: text(100).optional(),
});

/** The person's own, of one year (default: the latest they have), and the years they have any. */
export const ownPayslipsQuerySchema = z.object({ year: yearSchema.optional() });
export const ownPayslipsAnswerSchema = z.object({
  data: z.array(payslipSchema),
  meta: z.object({ year: z.number().int().nullable(), years: z.array(z.number().int()) }),
});
export type OwnPayslips = z.infer<typeof ownPayslipsAnswerSchema>;

export const deletedPayslipsAnswerSchema = dataOf(z.object({ deleted: z.number().int() }));
export const payslipNotifyAnswerSchema = dataOf(z.object({ notified: z.boolean() }));

/** Spec §3 Payslip blacklist: an employee, until a day or without end. */
export const payslipBlacklistEntrySchema = z.object({
  id: z.number().int(),
  employee: personSchema.extend({ fiscalCode: z.string().nullable() }),
  /** The last day listed; null: until removed. */
  expiresOn: isoDateSchema.nullable(),
  /** Listed today (an entry past its day stays, greyed, until deleted). */
  active: z.boolean(),
  createdBy: personSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type PayslipBlacklistEntry = z.infer<typeof payslipBlacklistEntrySchema>;
export const payslipBlacklistPageSchema = pageOf(payslipBlacklistEntrySchema);
export const payslipBlacklistEntryAnswerSchema = dataOf(payslipBlacklistEntrySchema);
/** People who may be listed: current and former employees, by name, surname or codice fiscale. */
export const payslipBlacklistCandidatesQuerySchema = z.object({ search: text(100).default('') });
export const payslipBlacklistCandidatesAnswerSchema = dataOf(
  z.array(personSchema.extend({ fiscalCode: z.string().nullable(), former: z.boolean() })),
);
export type PayslipBlacklistCandidate = z.infer<typeof payslipBlacklistCandidatesAnswerSchema>['data'][number];

export const payslipBlacklistBodySchema = z.object({
  userId: z.number().int().positive(),
  expiresOn: isoDateSchema.nullable().default(null),
});
export type PayslipBlacklistBody = z.input<typeof payslipBlacklistBodySchema>;
