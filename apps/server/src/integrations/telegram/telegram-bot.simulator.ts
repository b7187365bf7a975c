// A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api): a real HTTP server answering the
// methods telegram-bot.ts calls (getMe, getUpdates, sendMessage) at /bot<token>/<method>, with Telegram's own JSON
// answers and refusals (401 for a wrong token, 403 for a chat that blocked the bot, 400 for HTML Telegram could not
// parse), so the demo, the tests and development link chats and deliver notifications with no bot and no network.
// Someone has to play the person on the other side: tests call sendFromChat() and setBlocked(), a browser journey or
// a curious demo user the same through /simulator/chats/<id>/messages. Switches make it fail (500s, slow answers).

import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TelegramUpdate } from './telegram-bot';

/** ok: answers as Telegram does; error: 500 Internal Server Error to every Bot API call; slow: answers late. */
export type TelegramSimulatorMode = 'ok' | 'error' | 'slow';

/** One message of a chat with the bot, either way. */
export type SimulatedTelegramMessage = {
  messageId: number;
  chatId: string;
  /** The bot (sendMessage) or the person (sendFromChat). */
  from: 'bot' | 'person';
  /** As sent: the bot's in its parse mode (HTML with its tags and entities), the person's as typed. */
  raw: string;
  /** What the person reads: tags removed, entities decoded. */
  text: string;
  parseMode: string | null;
  /** Links the message holds (HTML <a href>), in order. */
  links: string[];
  sentAt: string;
};

/** One call of the Bot API as the simulator received it (the token is never kept). */
export type ReceivedTelegramRequest = { method: string; params: Record<string, unknown>; status: number };

export type TelegramSimulator = {
  /** What TELEGRAM_API_URL is set to: http://127.0.0.1:<port>. */
  url: string;
  token: string;
  botUsername: string;
  /** Every Bot API call, oldest first, with the status it was answered. */
  requests: ReceivedTelegramRequest[];
  /** The chat with this id, both ways, oldest first. */
  conversation(chatId: number | string): SimulatedTelegramMessage[];
  /** What the bot sent to this chat, oldest first. */
  messagesTo(chatId: number | string): SimulatedTelegramMessage[];
  /** The person of a private chat writes to the bot: queued as an update for getUpdates. */
  sendFromChat(
    chatId: number | string,
    text: string,
    firstName?: string,
    options?: { username?: string; languageCode?: string },
  ): TelegramUpdate;
  /** The person blocks (or unblocks) the bot: sendMessage to them answers 403 as Telegram does. */
  setBlocked(chatId: number | string, blocked: boolean): void;
  /** Updates getUpdates has not had confirmed yet (by an offset above them). */
  pendingUpdates(): TelegramUpdate[];
  setMode(mode: TelegramSimulatorMode): void;
  close(): Promise<void>;
};

type SimulatedChat = {
  id: number;
  firstName: string;
  username?: string;
  languageCode?: string;
  blocked: boolean;
  messages: SimulatedTelegramMessage[];
};

/** Telegram's limit on a message, counted on the text the person reads. */
const messageMaxLength = 4096;
/** A control request (the journeys' "person") is small; anything larger is refused. */
const bodyLimitBytes = 64 * 1024;

/** Tags Telegram's HTML parse mode knows (https://core.telegram.org/bots/api#html-style). */
const telegramTags = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'span',
  'tg-spoiler',
  'tg-emoji',
  'a',
  'code',
  'pre',
  'blockquote',
]);
const namedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/**
 * Reads a message the way Telegram's HTML parse mode does, as strictly: every <, > and & outside a tag or entity
 * must be escaped, only Telegram's tags, each closed in order, and only its four named entities (any numeric one).
 * Answers the text the person reads and the links, or the reason Telegram would refuse it.
 */
export function parseTelegramHtml(html: string): { text: string; links: string[] } | { error: string } {
  const offset = (index: number) => Buffer.byteLength(html.slice(0, index));
  const open: string[] = [];
  const links: string[] = [];
  let text = '';
  let index = 0;
  while (index < html.length) {
    const character = html.charAt(index);
    if (character === '<') {
      const tag =
        /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*>/.exec(
          html.slice(index),
        );
      if (!tag) return { error: `Unsupported start tag at byte offset ${offset(index)}` };
      const [whole, closing, rawName = '', attributes = ''] = tag;
      const name = rawName.toLowerCase();
      if (!telegramTags.has(name)) return { error: `Unsupported start tag "${name}" at byte offset ${offset(index)}` };
      if (closing) {
        if (open.pop() !== name) return { error: `Unexpected end tag at byte offset ${offset(index)}` };
      } else {
        open.push(name);
        if (name === 'a') {
          const href = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
          const value = href?.[1] ?? href?.[2] ?? href?.[3];
          if (value !== undefined) {
            const decoded = parseTelegramHtml(value);
            if ('error' in decoded) return { error: `Can't parse href at byte offset ${offset(index)}` };
            links.push(decoded.text);
          }
        }
      }
      index += whole.length;
    } else if (character === '&') {
      const entity = /^&(lt|gt|amp|quot|#\d{1,7}|#x[0-9a-fA-F]{1,6});/.exec(html.slice(index));
      if (!entity) return { error: `Character '&' is reserved and must be escaped at byte offset ${offset(index)}` };
      const name = entity[1] ?? '';
      const codePoint = name.startsWith('#x')
        ? Number.parseInt(name.slice(2), 16)
        : name.startsWith('#')
          ? Number(name.slice(1))
          : undefined;
      if (codePoint !== undefined && (codePoint > 0x10ffff || codePoint === 0)) {
        return { error: `Invalid entity at byte offset ${offset(index)}` };
      }
      text += codePoint === undefined ? namedEntities[name] : String.fromCodePoint(codePoint);
      index += entity[0].length;
    } else if (character === '>') {
      return { error: `Character '>' is reserved and must be escaped at byte offset ${offset(index)}` };
    } else {
      text += character;
      index += 1;
    }
  }
  const unclosed = open.at(-1);
  if (unclosed) return { error: `Can't find end tag corresponding to start tag "${unclosed}"` };
  return { text, links };
}

type ApiAnswer = { status: number; body: Record<string, unknown> };

const refusal = (status: number, description: string, parameters?: Record<string, unknown>): ApiAnswer => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
});
const success = (result: unknown): ApiAnswer => ({ status: 200, body: { ok: true, result } });

/** A chat id as Telegram takes it: an integer, or its decimal text (a private chat's id is the person's). */
function chatIdOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim())) return Number(value.trim());
  return null;
}

function integerOf(value: unknown, fallback: number): number | null {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > bodyLimitBytes) throw new RangeError('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Telegram takes parameters in the query string, as JSON or as a form; the body wins. */
function paramsOf(url: URL, contentType: string | undefined, body: string): Record<string, unknown> | null {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (!body.trim()) return params;
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      return { ...params, ...(parsed as Record<string, unknown>) };
    } catch {
      return null;
    }
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
  }
  return params;
}

/**
 * Starts the simulated Bot API on host (127.0.0.1) and port (0: any free one) for the bot with `token` and
 * `botUsername`. Updates are numbered from `firstUpdateId`; `slowAnswerMs` is how late the 'slow' mode answers.
 */
export async function startTelegramSimulator(
  options: {
    port?: number;
    host?: string;
    token?: string;
    botUsername?: string;
    botName?: string;
    mode?: TelegramSimulatorMode;
    slowAnswerMs?: number;
    firstUpdateId?: number;
  } = {},
): Promise<TelegramSimulator> {
  const token = options.token ?? 'demo-bot-token';
  const botUsername = options.botUsername ?? 'BottegaDemoBot';
  const bot = { id: 7_000_000_001, is_bot: true, first_name: options.botName ?? 'Bottega', username: botUsername };
  const slowAnswerMs = options.slowAnswerMs ?? 30_000;
  let mode: TelegramSimulatorMode = options.mode ?? 'ok';
  const chats = new Map<number, SimulatedChat>();
  let queue: TelegramUpdate[] = [];
  let nextUpdateId = options.firstUpdateId ?? 1;
  let nextMessageId = 1;
  const requests: ReceivedTelegramRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const chatOf = (chatId: number | string): SimulatedChat | undefined => {
    const id = chatIdOf(chatId);
    return id === null ? undefined : chats.get(id);
  };
  const unixTime = () => Math.floor(Date.now() / 1000);
  const chatObject = (chat: SimulatedChat) => ({
    id: chat.id,
    type: 'private',
    first_name: chat.firstName,
    ...(chat.username ? { username: chat.username } : {}),
  });

  const sendFromChat: TelegramSimulator['sendFromChat'] = (chatId, text, firstName = 'Demo', more = {}) => {
    const id = chatIdOf(chatId);
    if (id === null || id <= 0) throw new RangeError(`Not a private chat id: ${chatId}`);
    const chat = chats.get(id) ?? { id, firstName, blocked: false, messages: [] };
    chat.firstName = firstName;
    chat.username = more.username ?? chat.username;
    chat.languageCode = more.languageCode ?? chat.languageCode;
    // Writing to the bot (pressing Start) is what lets it write back.
    chat.blocked = false;
    chats.set(id, chat);
    const messageId = nextMessageId++;
    chat.messages.push({
      messageId,
      chatId: String(id),
      from: 'person',
      raw: text,
      text,
      parseMode: null,
      links: [],
      sentAt: new Date().toISOString(),
    });
    const update: TelegramUpdate = {
      update_id: nextUpdateId++,
      message: {
        message_id: messageId,
        from: {
          id,
          is_bot: false,
          first_name: firstName,
          ...(chat.username ? { username: chat.username } : {}),
          ...(chat.languageCode ? { language_code: chat.languageCode } : {}),
        },
        chat: chatObject(chat),
        date: unixTime(),
        text,
      },
    };
    queue.push(update);
    return update;
  };

  const setBlocked = (chatId: number | string, blocked: boolean) => {
    const chat = chatOf(chatId);
    if (!chat) throw new RangeError(`No chat ${chatId} has written to the bot`);
    chat.blocked = blocked;
  };

  const sendMessage = (params: Record<string, unknown>): ApiAnswer => {
    if (params.chat_id === undefined || params.chat_id === '') return refusal(400, 'Bad Request: chat_id is empty');
    const chat = chatOf(params.chat_id as string);
    if (!chat) return refusal(400, 'Bad Request: chat not found');
    if (chat.blocked) return refusal(403, 'Forbidden: bot was blocked by the user');
    const raw = typeof params.text === 'string' ? params.text : '';
    if (!raw.trim()) return refusal(400, 'Bad Request: message text is empty');
    const parseMode = typeof params.parse_mode === 'string' && params.parse_mode ? params.parse_mode : null;
    let text = raw;
    let links: string[] = [];
    if (parseMode?.toUpperCase() === 'HTML') {
      const parsed = parseTelegramHtml(raw);
      if ('error' in parsed) return refusal(400, `Bad Request: can't parse entities: ${parsed.error}`);
      ({ text, links } = parsed);
    } else if (parseMode !== null) {
      return refusal(400, 'Bad Request: unsupported parse_mode');
    }
    if (!text.trim()) return refusal(400, 'Bad Request: message text is empty');
    if ([...text].length > messageMaxLength) return refusal(400, 'Bad Request: message is too long');
    const messageId = nextMessageId++;
    chat.messages.push({
      messageId,
      chatId: String(chat.id),
      from: 'bot',
      raw,
      text,
      parseMode,
      links,
      sentAt: new Date().toISOString(),
    });
    return success({ message_id: messageId, from: bot, chat: chatObject(chat), date: unixTime(), text });
  };

  // Telegram's offset: updates below it are confirmed and forgotten; a negative one keeps only the last -offset.
  const getUpdates = (params: Record<string, unknown>): ApiAnswer => {
    const offset = integerOf(params.offset, 0);
    const limit = integerOf(params.limit, 100);
    if (offset === null || limit === null) return refusal(400, 'Bad Request: invalid parameters');
    if (offset > 0) queue = queue.filter((update) => update.update_id >= offset);
    else if (offset < 0) queue = queue.slice(offset);
    return success(queue.slice(0, Math.min(Math.max(limit, 1), 100)));
  };

  const callMethod = (method: string, params: Record<string, unknown>): ApiAnswer => {
    switch (method.toLowerCase()) {
      case 'getme':
        return success({
          ...bot,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case 'getupdates':
        return getUpdates(params);
      case 'sendmessage':
        return sendMessage(params);
      default:
        return refusal(404, 'Not Found');
    }
  };

  const writeJson = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

  /** /simulator/chats/<id>/messages (GET: the conversation; POST { text, firstName }: the person writes) and /blocked. */
  const handleControl = (request: IncomingMessage, response: ServerResponse, path: string, body: string) => {
    const route = /^\/simulator\/chats\/(-?\d{1,16})\/(messages|blocked)$/.exec(path);
    const chatId = route?.[1];
    if (!route || !chatId) return writeJson(response, 404, { ok: false, description: 'Not Found' });
    let input: Record<string, unknown> = {};
    if (request.method === 'POST' || request.method === 'PUT') {
      const parsed = paramsOf(new URL('http://simulator/'), request.headers['content-type'], body);
      if (!parsed) return writeJson(response, 400, { ok: false, description: 'Bad Request: body is not JSON' });
      input = parsed;
    }
    if (route[2] === 'messages' && request.method === 'GET') {
      return writeJson(response, 200, { ok: true, result: chatOf(chatId)?.messages ?? [] });
    }
    if (route[2] === 'messages' && request.method === 'POST') {
      const text = typeof input.text === 'string' ? input.text : '';
      if (!text.trim()) return writeJson(response, 400, { ok: false, description: 'Bad Request: text is empty' });
      const firstName = typeof input.firstName === 'string' && input.firstName.trim() ? input.firstName : undefined;
      try {
        return writeJson(response, 200, { ok: true, result: sendFromChat(chatId, text, firstName) });
      } catch (error) {
        return writeJson(response, 400, { ok: false, description: `Bad Request: ${(error as Error).message}` });
      }
    }
    if (route[2] === 'blocked' && request.method === 'PUT') {
      if (!chatOf(chatId)) return writeJson(response, 404, { ok: false, description: 'Not Found: chat not found' });
      setBlocked(chatId, input.blocked === true || input.blocked === 'true');
      return writeJson(response, 200, { ok: true, result: { blocked: chatOf(chatId)?.blocked ?? false } });
    }
    return writeJson(response, 405, { ok: false, description: 'Method Not Allowed' });
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://simulator');
    let body: string;
    try {
      body = await readBody(request);
    } catch {
      return writeJson(response, 413, { ok: false, error_code: 413, description: 'Request Entity Too Large' });
    }
    if (url.pathname.startsWith('/simulator/')) return handleControl(request, response, url.pathname, body);

    const call = /^\/bot([^/]*)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!call) {
      const answer = refusal(404, 'Not Found');
      return writeJson(response, answer.status, answer.body);
    }
    const method = call[2] ?? '';
    const params = paramsOf(url, request.headers['content-type'], body);
    const answer: ApiAnswer =
      call[1] !== token
        ? refusal(401, 'Unauthorized')
        : params === null
          ? refusal(400, "Bad Request: can't parse JSON object")
          : mode === 'error'
            ? refusal(500, 'Internal Server Error')
            : callMethod(method, params);
    requests.push({ method, params: params ?? {}, status: answer.status });
    if (mode === 'slow') {
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!response.destroyed) writeJson(response, answer.status, answer.body);
      }, slowAnswerMs);
      pending.add(timer);
      return;
    }
    writeJson(response, answer.status, answer.body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    token,
    botUsername,
    requests,
    conversation: (chatId) => [...(chatOf(chatId)?.messages ?? [])],
    messagesTo: (chatId) => (chatOf(chatId)?.messages ?? []).filter((message) => message.from === 'bot'),
    sendFromChat,
    setBlocked,
    pendingUpdates: () => [...queue],
    setMode(next) {
      mode = next;
    },
    async close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
