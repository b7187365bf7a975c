// SMS, the club's second channel for one-time codes: like mail, a message is first a row of sms_outbox written in the
// transaction of the change that causes it, with its delivery job; the job hands it to the provider
// (integrations/sms) and is retried while the provider may still take it. A code is meant for the phone alone: the
// outbox keeps the text with the code as [redacted] and the code sealed with the app key, dropped once it has left.
import { type Language, storedLanguageSchema } from '@bottega/contracts/common';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createSmsGateway, SmsGatewayError } from '../integrations/sms/sms-gateway';
import { decryptSecret, encryptSecret } from './crypto';
import type { Executor } from './db';
import { translate } from './i18n';
import { defineJob, enqueueJob } from './jobs';
import { redactedSecret } from './mail';
import { smsOutbox } from './sms.schema';

/** Every SMS the app writes: its text in locales/<lng>/mail.json under `sms`. */
const smsTemplates = {
  clubConfirm: (lng: Language, params: { code: string; minutes: number }) =>
    translate(lng, 'mail:sms.clubConfirm', params),
  clubReset: (lng: Language, params: { code: string; minutes: number }) => translate(lng, 'mail:sms.clubReset', params),
};
export type SmsTemplate = keyof typeof smsTemplates;

const smsMaxAttempts = 5;

/** Writes an SMS carrying `secret` (a one-time code) to the outbox and queues its delivery, in the caller's transaction. */
export async function enqueueSms(options: {
  db: Executor;
  /** +country code and digits. */
  to: string;
  template: SmsTemplate;
  lng: string;
  params: { code: string; minutes: number };
  appKey: string;
}): Promise<number> {
  const lng = storedLanguageSchema.parse(options.lng);
  const text = smsTemplates[options.template](lng, options.params);
  const secret = options.params.code;
  if (!text.includes(secret)) throw new Error('the code is not in the SMS it belongs to');
  const [row] = await options.db
    .insert(smsOutbox)
    .values({
      recipient: options.to,
      text: text.replaceAll(secret, redactedSecret),
      template: options.template,
      lng,
      sealedSecret: encryptSecret(options.appKey, secret),
    })
    .returning({ id: smsOutbox.id });
  if (!row) throw new Error('the SMS was not written to the outbox');
  await enqueueJob(options.db, deliverSmsJob, { smsId: row.id });
  return row.id;
}

export const deliverSmsJob = defineJob({
  kind: 'sms.deliver',
  payload: z.object({ smsId: z.number().int() }),
  maxAttempts: smsMaxAttempts,
  run: async ({ payload, db, now, config, complete }) => {
    const [sms] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, payload.smsId));
    if (!sms || sms.sentAt) return complete();
    if (!config.sms.apiUrl) throw new Error('no SMS provider is configured (SMS_API_URL)');
    const secret = sms.sealedSecret ? decryptSecret(config.appKey, sms.sealedSecret) : null;
    // A code whose secret is gone (given up, or already sent) cannot be written again.
    if (!secret) return complete();
    const gateway = createSmsGateway({
      baseUrl: config.sms.apiUrl,
      apiKey: config.sms.apiKey,
      timeoutMs: config.sms.timeoutMs,
    });
    const attempts = sms.attempts + 1;
    let accepted: { id: string };
    try {
      accepted = await gateway.send({
        to: sms.recipient,
        from: config.sms.sender,
        text: sms.text.replaceAll(redactedSecret, secret),
      });
    } catch (error) {
      const final = attempts >= smsMaxAttempts || (error instanceof SmsGatewayError && !error.retryable);
      await db
        .update(smsOutbox)
        .set({ attempts, lastError: (error as Error).message.slice(0, 2000), ...(final ? { sealedSecret: null } : {}) })
        .where(eq(smsOutbox.id, sms.id));
      // A refusal that will not change (a wrong number) is not retried.
      if (final) return complete();
      throw error;
    }
    await complete(async (tx) => {
      await tx
        .update(smsOutbox)
        .set({ attempts, sentAt: now(), sealedSecret: null, providerId: accepted.id.slice(0, 100) })
        .where(eq(smsOutbox.id, sms.id));
      return undefined;
    });
  },
  onGiveUp: async (tx, job) => {
    await tx.update(smsOutbox).set({ sealedSecret: null }).where(eq(smsOutbox.id, job.payload.smsId));
  },
});
