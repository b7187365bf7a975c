// Every error code the server answers with. Each has a message in every locale
// (locales/<lng>/errors.json), so the web and the server show the same text.

export const errorCodes = {
  invalidCredentials: 401,
  tooManyAttempts: 429,
  invalidMfaCode: 422,
  signInStepExpired: 401,
  mfaRequired: 409,
  mfaAlreadyEnabled: 409,
  mfaNotEnabled: 409,
  passkeyAlreadyRegistered: 409,
  passkeyFailed: 400,
  unauthenticated: 401,
  sessionExpired: 401,
  forbidden: 403,
  csrfMismatch: 403,
  shopRequired: 409,
  shopNotAllowed: 403,
  groupHasMembers: 409,
  adminGroupProtected: 409,
  // Delegation (contracts/permissions.ts mayDelegate): abilities the actor does not hold, or an admin group.
  abilityNotHeld: 403,
  companyHasShops: 409,
  shopHasPeople: 409,
  shopHasHistory: 409,
  lastAdmin: 409,
  wrongPassword: 422,
  // The new-password policy (server platform/password-policy.ts); the field error says the same on `password`.
  passwordTooCommon: 422,
  passwordContainsPersonalData: 422,
  resetTokenInvalid: 400,
  resetLinkExpired: 410,
  resetThrottled: 429,
  emailLinkInvalid: 400,
  emailLinkExpired: 410,
  // Nobody sets or redirects the credentials (email, set-password link) of someone holding abilities they lack.
  colleagueMorePrivileged: 403,
  userNotFoundForEmail: 404,
  registrationRequired: 409,
  fileTooLarge: 413,
  fileTypeNotAllowed: 415,
  fileContentMismatch: 422,
  // The file manager (spec §2, §7): what a path or a name cannot be (contracts/files.ts), then the items.
  fileNameEmpty: 422,
  fileNameDot: 422,
  fileNameReserved: 422,
  fileNameCharacter: 422,
  fileNameTrailing: 422,
  fileNameTooLong: 422,
  filePathEncoded: 422,
  filePathTooDeep: 422,
  filePathTooLong: 422,
  filePathRelative: 422,
  fileKindNotAllowed: 415,
  folderNotFound: 404,
  fileExists: 409,
  fileIsFolder: 422,
  folderIntoItself: 409,
  fileRootLocked: 409,
  // The sales feed: a register's or agent's credential, and a fiscal close entered by a person.
  salesClientUnauthorized: 401,
  fiscalCloseChanged: 409,
  fiscalCloseRefused: 422,
  fiscalPrinterMissing: 409,
  fiscalPrinterUnreachable: 502,
  fiscalPrinterTimeout: 504,
  fiscalPrinterRefused: 502,
  fiscalPrinterMalformed: 502,
  fiscalCloseNotYet: 409,
  fiscalCloseFileUnreadable: 422,
  fiscalCloseFileField: 422,
  fiscalCloseFileOtherDay: 422,
  // An XML file with a DOCTYPE could expand entities without end or reach outside: refused before parsing.
  xmlDoctypeRefused: 422,
  // The daily cash report, the weekly cash, invoice requests and authorised expenses.
  cashReportClosed: 409,
  // A partial confirmation freezes the figures: a change needs the confirmation withdrawn first.
  cashReportPartiallyConfirmed: 409,
  cashReportChanged: 409,
  cashReportIncomplete: 422,
  cashDataMismatch: 422,
  cashFiscalMismatch: 422,
  cashFiscalCloseMissing: 409,
  cashCountMismatch: 422,
  cashPosSubtotalMismatch: 422,
  cashPreviousWeekPending: 409,
  cashReportSamePerson: 409,
  cashReportNotPartial: 409,
  cashReportAlreadyConfirmed: 409,
  cashReportNotClosed: 409,
  cashReportFutureDay: 422,
  cashFiscalDifferenceNotAllowed: 403,
  weeklyCashTooEarly: 409,
  weeklyCashDaysOpen: 409,
  weeklyCashFilled: 409,
  weeklyCashNoteRequired: 422,
  invoiceExists: 409,
  invoiceBlocked: 409,
  invoiceReceiptNotInReport: 422,
  invoiceReceiptNotInvoiceable: 422,
  invoiceConfirmed: 409,
  invoiceSellerAddressMissing: 422,
  expenseNotAuthorised: 422,
  expenseOverAuthorisation: 422,
  expenseBlocked: 409,
  expenseAuthorisationUsed: 409,
  // Costs incurred (issue 22): a convalidated expense is fixed; only a closed day's expenses are convalidated.
  expenseConvalidated: 409,
  expenseDayOpen: 409,
  jobNotRetryable: 409,
  // Payslips and tax certificates (issue 19).
  payslipPdfRequired: 415,
  payslipUploadProcessing: 409,
  payslipsNotPending: 409,
  payslipNotConvalidated: 409,
  payslipBlacklisted: 409,
  payslipBlacklistExists: 409,
  // Shifts (issue 20): a convalidated or sent week changes only through a rectification.
  shiftWeekNotEditable: 409,
  // A move of the week's workflow from a state it does not start from (convalidating a sent week).
  shiftWeekWrongState: 409,
  // A time-clock step the person's day does not allow now (a break before the shift started, stopping twice).
  punchOutOfOrder: 409,
  // Deposits (issue 21): a convalidated deposit is fixed.
  depositConvalidated: 409,
  // Bank statements: a credit already convalidated with deposits, and the §8 bank transmission errors that stop a
  // deposit being convalidated with its credits.
  bankLineLinked: 409,
  bankMasterDocument: 422,
  bankFirstNote: 422,
  bankMovements: 422,
  bankProgressiveDebitCredit: 422,
  bankDepositCardNotFound: 422,
  // Balances (issue 21): a month's balances are generated once its last day is over.
  balanceMonthNotEnded: 409,
  // Month end (issue 22): a month is convalidated once over, once, when its three checks hold and the accounting
  // system is known; it is reopened only when convalidated.
  monthNotEnded: 409,
  monthChecksFailed: 409,
  monthAlreadyConvalidated: 409,
  monthNotConvalidated: 409,
  monthNotRefused: 409,
  accountingNotConfigured: 409,
  // Rankings (issue 23): the ranking portal's file is imported all or nothing; a file that is not text or has no
  // header cannot be read at all, one with bad lines answers them with their line numbers.
  rankingFileUnreadable: 422,
  rankingFileRejected: 422,
  // Budgets (issue 23): §8 "budget already sent" — sent or confirmed and not changed since; only a sent budget is
  // confirmed.
  budgetAlreadySent: 409,
  budgetNotSent: 409,
  // Ticket categories (issue 24, §8 "ticket category not created / not changed"): names unique under a parent, a
  // parent is a category flagged as one, never under itself; one holding categories or tickets stays what it is.
  ticketCategoryExists: 409,
  ticketCategoryParentInvalid: 422,
  ticketCategoryCycle: 409,
  ticketCategoryHasChildren: 409,
  ticketCategoryHasTickets: 409,
  ticketCategoryOrderStale: 409,
  ticketAssigneeNotAllowed: 422,
  // Tickets (issue 24): filed under a leaf only; §5 closing is irreversible for replies until reopened; a reminder
  // at most once an hour; at most ticketAttachmentsPerMessage files to a message.
  ticketCategoryNotLeaf: 422,
  ticketClosed: 409,
  ticketNotClosed: 409,
  ticketRemindedRecently: 429,
  ticketAttachmentsFull: 409,
  // Logistics (issue 25, §8 "… does not exist" for each kind of file; "document validation failed"): a file answers
  // its kind's own 404; it is edited only while saved and moves only by its transition table; a processed file needs
  // its document type's series; two parties of a company picking file belong to different companies.
  inFileNotFound: 404,
  pickingFileNotFound: 404,
  companyPickingFileNotFound: 404,
  outFileNotFound: 404,
  shopOutFileNotFound: 404,
  logisticsFileNotEditable: 409,
  logisticsFileWrongState: 409,
  logisticsFileEmpty: 422,
  logisticsRouteInvalid: 422,
  documentTypeMissing: 422,
  documentTypeExists: 409,
  logisticsPartyInUse: 409,
  logisticsAlreadyReceived: 409,
  documentValidationFailed: 422,
  documentCheckExists: 409,
  // §4: validating a document is irreversible, so it is validated once.
  documentAlreadyValidated: 409,
  // Linking a Telegram chat needs a bot (TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME).
  telegramNotConfigured: 409,
  // §8 Camera viewer messages: what a camera answered through the server (contracts/cameras.ts); a camera that
  // does not answer is a timeout. The camera failed, not the request: 502, and 504 when it did not answer in time.
  cameraWrongCgiFormat: 502,
  cameraWrongCredentials: 502,
  cameraAccessDenied: 502,
  cameraCgiFailed: 502,
  cameraTimeout: 504,
  cameraReserve: 502,
  cameraUnknownError: 502,
  // Enough people already watch the camera's stream through this server (maxStreamViewersPerCamera).
  cameraViewersFull: 429,
  cameraExists: 409,
  cameraCategoryExists: 409,
  // The loyalty club (contracts/club.ts): registration suspended for maintenance (§8), an email already in the club,
  // a card another member carries, one-time codes asked too soon or too often (per email and per phone number, §3)
  // and codes that are wrong, expired or tried too many times; a club session before both codes are confirmed.
  clubRegistrationSuspended: 503,
  customerEmailTaken: 409,
  customerCardTaken: 409,
  otpResendTooSoon: 429,
  otpDailyLimit: 429,
  otpInvalid: 422,
  otpExpired: 422,
  otpAttemptsExceeded: 429,
  clubNotConfirmed: 403,
  // Automation (contracts/automation.ts): a post one of its networks would not take (the field errors say why), a
  // change its state does not allow, a time already past; the library's files: not one of its four formats by their
  // content, too large, still carried by a post; a resumable upload's piece that does not start where it stands, or
  // an upload that ran out of time; an account still carrying posts.
  postNotForNetwork: 422,
  postStateRefused: 409,
  scheduledInPast: 422,
  mediaUnsupported: 415,
  mediaTooLarge: 413,
  mediaInUse: 409,
  uploadOffsetMismatch: 409,
  uploadExpired: 410,
  accountHasPosts: 409,
  notFound: 404,
  routeNotFound: 404,
  validation: 422,
  malformedJson: 400,
  badRequest: 400,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** Field-level rule names for 422 answers; messages in locales/<lng>/validation.json. */
export const validationRules = [
  'required',
  'invalid',
  'email',
  'minLength',
  'maxLength',
  'min',
  'max',
  'date',
  'confirmed',
  'unique',
  'password',
  'passwordTooCommon',
  'passwordContainsPersonalData',
  'fiscalCode',
  'fiscalCodeCheck',
  'fiscalCodeBirthday',
  'vatNumber',
  'vatNumberCheck',
  'iban',
  'ibanChecksum',
  'bic',
  'cap',
  'phone',
  'ipAddress',
  'province',
  'sdiCode',
  'dateRange',
  'dateRangeTooLong',
  // A day that has not come yet where only past days make sense (an export of receipts).
  'futureDate',
  'slotOrder',
  'slotOverlap',
  // The daily cash report's figures against the system register, the fiscal close and each other.
  'systemMismatch',
  'fiscalMismatch',
  'posSubtotalSum',
  // Free text holding control characters or broken Unicode (contracts/common.ts `text`).
  'textCharacters',
  // A shop's week of shifts: a person who works no shifts there, a day of another week.
  'notShiftStaff',
  'outsideWeek',
  // A punch rectified onto another day than its own.
  'otherDay',
  // A deposit carried by someone who does not belong to the deposit's shop.
  'notShopPerson',
  // Rankings: a shop that is not ranked, a month range too long for a chart, and the portal file's bad lines.
  'notRankedShop',
  'monthRangeTooLong',
  'rankingUnknownName',
  'rankingPeriod',
  'rankingPosition',
  'rankingScore',
  'rankingDuplicate',
  // Logistics: a field a party of that type does not take, a product code not in the catalogue, a whole number.
  'notAllowed',
  'unknownProduct',
  'integer',
  // A camera's address: a Foscam's scheme://host:port only, a generic camera's whole http(s) address.
  'cameraAddress',
  'cameraUrl',
  // Automation: a post's text or media a network does not take (contracts/automation.ts postProblemFor), a post with
  // no account to go to, an account that speaks for neither a shop nor the company (or both), a webhook's address, a
  // Graph id (digits).
  'postTooLong',
  'postNeedsMedia',
  'postTooManyMedia',
  'postVideoWithImages',
  'postTooManyHashtags',
  'postEmpty',
  'postAccounts',
  'automationSpeaksFor',
  'webhookUrl',
  'graphId',
] as const;

export type ValidationRule = (typeof validationRules)[number];

export type ErrorBody = {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
};
