// The Telegram Bot API (https://core.telegram.org/bots/api) as the app uses it: sendMessage to a person's chat and
// getUpdates to read the one-time codes people send the bot to link their chat. Over HTTPS to TELEGRAM_API_URL
// (api.telegram.org, or the local simulator for the demo and tests), with a timeout so a slow API only delays jobs.

export type TelegramUpdate = {
  update_id: number;
  message?: {
    message_id: number;
    /** The person who wrote; language_code is their Telegram app's language, when it says. */
    from?: { id: number; is_bot: boolean; first_name: string; username?: string; language_code?: string };
    chat: { id: number; type: string; first_name?: string; username?: string };
    /** Unix time. */
    date: number;
    text?: string;
  };
};

/** A refusal of the API: its error_code (403 when the person blocked the bot, 429 with retry_after when too fast). */
export class TelegramApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`Telegram ${status}: ${description}`);
  }

  /** The chat is gone for the bot: blocked, deleted, or never started. */
  get chatUnreachable(): boolean {
    return this.status === 403 || (this.status === 400 && /chat not found/i.test(this.description));
  }
}

export type TelegramBot = {
  /** `html` uses Telegram's HTML parse mode: only <b>, <i>, <a href> and escaped text. */
  sendMessage: (chatId: string, html: string) => Promise<void>;
  getUpdates: (offset: number) => Promise<TelegramUpdate[]>;
};

export function createTelegramBot(options: { baseUrl: string; token: string; timeoutMs: number }): TelegramBot {
  const call = async <T>(method: string, body: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${options.baseUrl.replace(/\/$/, '')}/bot${options.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const answer = (await response.json().catch(() => null)) as {
      ok?: boolean;
      result?: T;
      error_code?: number;
      description?: string;
      parameters?: { retry_after?: number };
    } | null;
    if (!answer?.ok) {
      throw new TelegramApiError(
        answer?.error_code ?? response.status,
        answer?.description ?? `HTTP ${response.status}`,
        answer?.parameters?.retry_after,
      );
    }
    return answer.result as T;
  };
  return {
    sendMessage: async (chatId, html) => {
      await call('sendMessage', {
        chat_id: chatId,
        text: html,
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      });
    },
    getUpdates: (offset) => call<TelegramUpdate[]>('getUpdates', { offset, timeout: 0, allowed_updates: ['message'] }),
  };
}
