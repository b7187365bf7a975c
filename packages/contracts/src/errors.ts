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
  forbidden: 403,
  csrfMismatch: 403,
  shopRequired: 409,
  shopNotAllowed: 403,
  groupHasMembers: 409,
  adminGroupProtected: 409,
  companyHasShops: 409,
  shopHasPeople: 409,
  shopHasHistory: 409,
  lastAdmin: 409,
  wrongPassword: 422,
  resetTokenInvalid: 400,
  resetLinkExpired: 410,
  resetThrottled: 429,
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
  'dateRange',
  'dateRangeTooLong',
  'slotOrder',
  'slotOverlap',
] as const;

export type ValidationRule = (typeof validationRules)[number];

export type ErrorBody = {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
};
