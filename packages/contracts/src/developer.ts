import { z } from 'zod';
import { dataOf, paginationMetaSchema, paginationQuerySchema } from './common';

// Developer tools (only for the first group Developer and for admins): the mail outbox.

export const mailOutboxQuerySchema = paginationQuerySchema;

/** After this many failed attempts a mail is no longer retried: it stays in the outbox with its last error. */
export const mailMaxAttempts = 10;

/** How mails leave: over SMTP (SMTP_URL set), or kept in the outbox only, to be read here. */
export const mailDeliveryModes = ['smtp', 'outbox'] as const;

export const mailSummarySchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  template: z.string(),
  /** The recipient's language the mail was written in. */
  lng: z.string(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailOutboxPageSchema = z.object({
  data: z.array(mailSummarySchema),
  meta: paginationMetaSchema.extend({ delivery: z.enum(mailDeliveryModes) }),
});
export type MailOutboxPage = z.infer<typeof mailOutboxPageSchema>;

/** A file the mail carries (a DDT's PDF), downloadable at /api/developer/mail/{id}/attachments/{index}. */
export const mailAttachmentSchema = z.object({
  index: z.number().int(),
  fileName: z.string(),
  type: z.string(),
  size: z.number().int(),
});
export type MailAttachmentSummary = z.infer<typeof mailAttachmentSchema>;
export const mailAttachmentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  index: z.coerce.number().int().min(0).max(100),
});

export const mailDetailSchema = mailSummarySchema.extend({
  text: z.string(),
  html: z.string(),
  attachments: z.array(mailAttachmentSchema),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;
export const mailDetailAnswerSchema = dataOf(mailDetailSchema);
