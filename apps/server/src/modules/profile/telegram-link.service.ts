// A person's Telegram chat (issue 18): the profile asks for a one-time code, the person sends it to the bot (the
// t.me link does it for them as "/start <code>"), and a job reading the bot's updates links the chat that sent it.
// Rules: a code is 8 characters drawn with crypto randomness, valid 15 minutes, one per person (a new one replaces
// it), gone once used, and stored only as an HMAC with the app key, so a copy of the database gives neither the
// code nor a way to guess it offline. A chat belongs to one person and a person has one chat: a link replaces an
// earlier one of either. Every code, link and unlink is audited, never with the code. The bot's answers are jobs
// queued with the link itself, so a Telegram that is down or slow delays them and loses nothing.
import { randomInt } from 'node:crypto';
import { type Language, languages } from '@bottega/contracts/common';
import {
  type TelegramLink,
  type TelegramLinkCode,
  telegramLinkCodeAlphabet,
  telegramLinkCodeLength,
  telegramLinkCodeMinutes,
} from '@bottega/contracts/profile';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import { telegramCursor, telegramLinkCodes, telegramLinks } from '../../integrations/telegram/telegram.schema';
import type { TelegramUpdate } from '../../integrations/telegram/telegram-bot';
import { writeAudit } from '../../platform/audit';
import { sign } from '../../platform/crypto';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { pickLanguage, translate } from '../../platform/i18n';
import { defineJob, defineSchedule, enqueueJob, kickJobs } from '../../platform/jobs';
import { telegramBotOf, telegramLinkingConfigured, telegramReplyJob, telegramText } from '../../platform/telegram';
import { writeWebNotifications } from '../../platform/web-notifications';
import { users } from '../employees/employees.schema';

const auditEntity = 'user';

/** A fresh code: each character drawn uniformly from the alphabet (32 characters: 40 bits in all). */
export function newTelegramLinkCode(): string {
  let code = '';
  for (let index = 0; index < telegramLinkCodeLength; index += 1) {
    code += telegramLinkCodeAlphabet.charAt(randomInt(telegramLinkCodeAlphabet.length));
  }
  return code;
}

/** What the database keeps of a code. */
export function telegramLinkCodeHash(appKey: string, code: string): string {
  return sign(appKey, 'telegramLinkCode', code);
}

const codePattern = new RegExp(`^\\s*(?:/start(?:@\\w+)?\\s+)?([A-Za-z0-9]{${telegramLinkCodeLength}})\\s*$`);

/** The code in what someone wrote to the bot: the code alone or "/start <code>", in any case; else null. */
export function telegramLinkCodeIn(text: string): string | null {
  return codePattern.exec(text)?.[1]?.toUpperCase() ?? null;
}

function languageOf(value: string | null | undefined): Language {
  return languages.find((candidate) => candidate === value) ?? 'it';
}

/** The person's chat and pending code, as their profile shows it. */
export async function getTelegramLink(options: {
  db: Executor;
  config: Pick<Config, 'telegram'>;
  userId: number;
  now: Date;
}): Promise<TelegramLink> {
  const { db, config, userId, now } = options;
  const [link] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  const [pending] = await db
    .select({ expiresAt: telegramLinkCodes.expiresAt })
    .from(telegramLinkCodes)
    .where(and(eq(telegramLinkCodes.userId, userId), gt(telegramLinkCodes.expiresAt, now)));
  const configured = telegramLinkingConfigured(config);
  return {
    configured,
    linked: link !== undefined,
    chatName: link?.chatName ?? null,
    linkedAt: link?.linkedAt.toISOString() ?? null,
    botUsername: configured ? (config.telegram.botUsername ?? null) : null,
    pendingCodeExpiresAt: pending?.expiresAt.toISOString() ?? null,
  };
}

/** A new code for the person, replacing any earlier one; answered once, to them alone. */
export async function issueTelegramLinkCode(options: {
  db: Database;
  config: Pick<Config, 'telegram' | 'appKey'>;
  userId: number;
  now: Date;
  ip?: string;
}): Promise<TelegramLinkCode> {
  const { db, config, userId, now } = options;
  const botUsername = config.telegram.botUsername;
  if (!telegramLinkingConfigured(config) || !botUsername) throw new AppError('telegramNotConfigured');
  const validSeconds = telegramLinkCodeMinutes * 60;
  const expiresAt = new Date(now.getTime() + validSeconds * 1000);
  const code = newTelegramLinkCode();
  const codeHash = telegramLinkCodeHash(config.appKey, code);
  await db.transaction(async (tx) => {
    await tx
      .insert(telegramLinkCodes)
      .values({ userId, codeHash, expiresAt })
      .onConflictDoUpdate({ target: telegramLinkCodes.userId, set: { codeHash, expiresAt } });
    await writeAudit(tx, {
      actorId: userId,
      action: 'profile.telegramLinkCodeIssued',
      entity: auditEntity,
      entityId: userId,
      data: { expiresAt: expiresAt.toISOString() },
      ip: options.ip,
    });
  });
  return {
    code,
    expiresAt: expiresAt.toISOString(),
    validSeconds,
    link: `https://t.me/${encodeURIComponent(botUsername)}?start=${code}`,
  };
}

/** Ends the person's link (and any pending code); the chat is told it gets nothing more. Nothing linked: no change. */
export async function unlinkTelegram(options: {
  db: Database;
  config: Pick<Config, 'telegram'>;
  userId: number;
  ip?: string;
}): Promise<void> {
  const { db, config, userId } = options;
  const removed = await db.transaction(async (tx) => {
    await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
    const [link] = await tx.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning();
    if (!link) return false;
    await writeAudit(tx, {
      actorId: userId,
      action: 'profile.telegramUnlinked',
      entity: auditEntity,
      entityId: userId,
      fromState: 'linked',
      toState: 'unlinked',
      data: { chatName: link.chatName },
      ip: options.ip,
    });
    if (telegramBotOf(config)) {
      const [person] = await tx.select({ lng: users.lng }).from(users).where(eq(users.id, userId));
      const text = translate(languageOf(person?.lng), 'profile:telegram.bot.unlinked');
      await enqueueJob(tx, telegramReplyJob, { chatId: link.chatId, text: telegramText(text, null, '') });
    }
    return true;
  });
  if (removed) kickJobs();
}

/** The bot's answer to a chat, sent by its own job once the transaction commits. */
async function reply(tx: Executor, chatId: string, lng: Language, key: string, params: Record<string, string> = {}) {
  const text = translate(lng, `profile:telegram.bot.${key}`, params);
  await enqueueJob(tx, telegramReplyJob, { chatId, text: telegramText(text, null, '') });
}

/** One message someone wrote to the bot: a valid code links their chat; anything else gets a polite answer. */
async function handleUpdate(
  tx: Executor,
  update: TelegramUpdate,
  options: { appKey: string; now: Date },
): Promise<'linked' | 'answered' | 'ignored'> {
  const message = update.message;
  // Only private chats: a code typed in a group would link the whole group's notifications to one person.
  if (!message?.text || message.chat.type !== 'private') return 'ignored';
  const chatId = String(message.chat.id);
  const theirLanguage = pickLanguage(message.from?.language_code);
  const code = telegramLinkCodeIn(message.text);
  if (!code) {
    await reply(tx, chatId, theirLanguage, 'help');
    return 'answered';
  }
  const [pending] = await tx
    .select({ userId: telegramLinkCodes.userId, name: users.name, surname: users.surname, lng: users.lng })
    .from(telegramLinkCodes)
    .innerJoin(users, eq(users.id, telegramLinkCodes.userId))
    .where(
      and(
        eq(telegramLinkCodes.codeHash, telegramLinkCodeHash(options.appKey, code)),
        gt(telegramLinkCodes.expiresAt, options.now),
        isNull(users.deletedAt),
      ),
    );
  if (!pending) {
    await reply(tx, chatId, theirLanguage, 'unknownCode');
    return 'answered';
  }
  const chatName =
    message.chat.first_name ?? message.from?.first_name ?? (message.chat.username ? `@${message.chat.username}` : null);
  await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, pending.userId));
  const replaced = await tx
    .delete(telegramLinks)
    .where(or(eq(telegramLinks.userId, pending.userId), eq(telegramLinks.chatId, chatId)))
    .returning();
  await tx.insert(telegramLinks).values({ userId: pending.userId, chatId, chatName, linkedAt: options.now });
  // The chat was someone else's: it now tells this person, so that one loses it.
  for (const earlier of replaced.filter((link) => link.userId !== pending.userId)) {
    await writeAudit(tx, {
      actorId: pending.userId,
      action: 'profile.telegramUnlinked',
      entity: auditEntity,
      entityId: earlier.userId,
      fromState: 'linked',
      toState: 'unlinked',
      reason: 'chatLinkedToAnotherPerson',
      data: { chatName: earlier.chatName },
    });
  }
  await writeAudit(tx, {
    actorId: pending.userId,
    action: 'profile.telegramLinked',
    entity: auditEntity,
    entityId: pending.userId,
    fromState: replaced.some((link) => link.userId === pending.userId) ? 'linked' : 'unlinked',
    toState: 'linked',
    data: { chatName },
  });
  await reply(tx, chatId, languageOf(pending.lng), 'linked', { name: `${pending.name} ${pending.surname}`.trim() });
  await writeWebNotifications(tx, [
    { userId: pending.userId, kind: 'telegramLinked', params: { chat: chatName ?? '' }, link: '/app/profile' },
  ]);
  return 'linked';
}

/**
 * Reads what people wrote to the bot since the cursor and acts on it, moving the cursor in the same transaction:
 * a failure anywhere leaves the updates to the next run (Telegram keeps them until a higher offset confirms them).
 * Once: the next tick of the schedule is the retry, so a Telegram that is down does not pile up failing jobs.
 */
export const pollTelegramUpdatesJob = defineJob({
  kind: 'telegram.poll',
  payload: z.object({}),
  maxAttempts: 1,
  run: async ({ db, config, now, complete }) => {
    const telegramBot = telegramBotOf(config);
    if (!telegramBot) return complete();
    await db.insert(telegramCursor).values({ id: 1, nextUpdateId: 0 }).onConflictDoNothing();
    const [cursor] = await db.select().from(telegramCursor).where(eq(telegramCursor.id, 1));
    const offset = cursor?.nextUpdateId ?? 0;
    const updates = await telegramBot.getUpdates(offset);
    const at = now();
    await complete(async (tx) => {
      await tx.delete(telegramLinkCodes).where(lte(telegramLinkCodes.expiresAt, at));
      if (updates.length === 0) return undefined;
      // Two runs may have read the same updates (a slow one overtaken by the next tick): the first to get here acts.
      const [locked] = await tx.select().from(telegramCursor).where(eq(telegramCursor.id, 1)).for('update');
      if ((locked?.nextUpdateId ?? 0) !== offset) return { skipped: updates.length };
      const outcomes = { linked: 0, answered: 0, ignored: 0 };
      for (const update of updates) {
        outcomes[await handleUpdate(tx, update, { appKey: config.appKey, now: at })] += 1;
      }
      const next = Math.max(...updates.map((update) => update.update_id)) + 1;
      await tx.update(telegramCursor).set({ nextUpdateId: next }).where(eq(telegramCursor.id, 1));
      return outcomes;
    });
  },
});

/**
 * Every ten seconds (croner's six fields, seconds first) while someone waits with a code: it links the chat within
 * moments. With no code waiting the bot is not read (no job, no row); what strangers wrote meanwhile is answered at
 * the next reading (Telegram keeps updates for a day).
 */
defineSchedule({
  name: 'telegram.poll',
  cron: '*/10 * * * * *',
  kind: pollTelegramUpdatesJob.kind,
  when: async ({ config, db, now }) => {
    if (!telegramLinkingConfigured(config)) return false;
    const [waiting] = await db
      .select({ userId: telegramLinkCodes.userId })
      .from(telegramLinkCodes)
      .where(gt(telegramLinkCodes.expiresAt, now))
      .limit(1);
    return waiting !== undefined;
  },
});
