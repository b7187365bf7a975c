// Telegram as a notification channel: each message is a job to the person's linked chat (integrations/telegram),
// retried like any job; a chat that blocked the bot is unlinked (audited) and its person told so in the app.
// The bot's answers to whoever writes to it (modules/profile/telegram-link.service.ts) are jobs too, so a Telegram
// that is down or slow delays a message but never a request, and never loses one.

import { storedLanguageSchema } from '@bottega/contracts/common';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config';
import { telegramLinks } from '../integrations/telegram/telegram.schema';
import { createTelegramBot, TelegramApiError, type TelegramBot } from '../integrations/telegram/telegram-bot';
import { users } from '../modules/employees/employees.schema';
import { writeAudit } from './audit';
import { translate } from './i18n';
import { defineJob } from './jobs';
import { escapeHtml } from './mail';
import { countDelivery } from './metrics';
import {
  absoluteLink,
  notificationDeliverySchema,
  notificationText,
  tellNotSent,
  writeWebNotifications,
} from './web-notifications';

/** The bot of these settings, or none without a token. */
export function telegramBotOf(config: Pick<Config, 'telegram'>): TelegramBot | undefined {
  const { apiUrl, botToken, timeoutMs } = config.telegram;
  return botToken ? createTelegramBot({ baseUrl: apiUrl, token: botToken, timeoutMs }) : undefined;
}

/** People can link a chat only to a bot the t.me link can name. */
export function telegramLinkingConfigured(config: Pick<Config, 'telegram'>): boolean {
  return Boolean(config.telegram.botToken && config.telegram.botUsername);
}

/** A message in Telegram's HTML mode: the text escaped, then a link to the page it is about. */
export function telegramText(text: string, link: string | null, openLabel: string): string {
  const escaped = escapeHtml(text);
  return link ? `${escaped}\n<a href="${escapeHtml(link)}">${escapeHtml(openLabel)}</a>` : escaped;
}

/**
 * One notification to one person's chat, written when it is sent: in their language (as it is then), its link
 * absolute on this server's PUBLIC_URL.
 */
export const sendTelegramJob = defineJob({
  kind: 'telegram.send',
  payload: notificationDeliverySchema,
  run: async ({ payload, db, config, complete, metrics }) => {
    const [link] = await db
      .select({ chatId: telegramLinks.chatId, chatName: telegramLinks.chatName, lng: users.lng })
      .from(telegramLinks)
      .innerJoin(users, eq(users.id, telegramLinks.userId))
      .where(eq(telegramLinks.userId, payload.userId));
    // Unlinked since: nothing to send.
    if (!link) return complete();
    const telegramBot = telegramBotOf(config);
    if (!telegramBot) throw new Error('no Telegram bot is configured (TELEGRAM_BOT_TOKEN)');
    const lng = storedLanguageSchema.parse(link.lng);
    const text = telegramText(
      notificationText(lng, payload.kind, payload.params),
      absoluteLink(config, payload.link),
      translate(lng, 'notifications:open'),
    );
    try {
      await countDelivery(metrics?.telegramDeliveries, () => telegramBot.sendMessage(link.chatId, text));
    } catch (error) {
      if (!(error instanceof TelegramApiError) || !error.chatUnreachable) throw error;
      // The person blocked the bot (or the chat is gone): sending again would fail for ever.
      return complete(async (tx) => {
        await tx.delete(telegramLinks).where(eq(telegramLinks.userId, payload.userId));
        await writeAudit(tx, {
          actorId: null,
          action: 'profile.telegramUnlinked',
          entity: 'user',
          entityId: payload.userId,
          fromState: 'linked',
          toState: 'unlinked',
          reason: error.description.slice(0, 200),
          data: { chatName: link.chatName },
        });
        await writeWebNotifications(tx, [
          {
            userId: payload.userId,
            kind: 'telegramUnlinked',
            params: { reason: error.description },
            link: '/app/profile',
          },
        ]);
        return { unlinked: true };
      });
    }
    await complete();
  },
  onGiveUp: async (tx, job) => {
    if (job.payload.triggeredBy !== null) {
      await tellNotSent(tx, { userId: job.payload.triggeredBy, channel: 'telegram', error: job.lastError });
    }
  },
});

/** An answer of the bot to a chat, linked or not (a reply to what someone wrote to it): `text` is Telegram HTML. */
export const telegramReplyJob = defineJob({
  kind: 'telegram.reply',
  payload: z.object({ chatId: z.string().max(32), text: z.string().min(1).max(4096) }),
  maxAttempts: 5,
  run: async ({ payload, config, complete, metrics }) => {
    const telegramBot = telegramBotOf(config);
    if (!telegramBot) throw new Error('no Telegram bot is configured (TELEGRAM_BOT_TOKEN)');
    try {
      await countDelivery(metrics?.telegramDeliveries, () => telegramBot.sendMessage(payload.chatId, payload.text));
    } catch (error) {
      // Blocked or gone meanwhile: there is nobody left to answer.
      if (error instanceof TelegramApiError && error.chatUnreachable) {
        return complete(async () => ({ unreachable: error.description }));
      }
      throw error;
    }
    await complete();
  },
});
