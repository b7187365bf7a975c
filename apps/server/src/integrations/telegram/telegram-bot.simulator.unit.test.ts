import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTelegramBot, TelegramApiError } from './telegram-bot';
import { parseTelegramHtml, startTelegramSimulator, type TelegramSimulator } from './telegram-bot.simulator';

let simulator: TelegramSimulator;
beforeAll(async () => {
  simulator = await startTelegramSimulator({ token: 'test-token', botUsername: 'TestBot', slowAnswerMs: 2_000 });
});
afterAll(async () => {
  await simulator?.close();
});
afterEach(() => {
  simulator.setMode('ok');
});

const botOf = (token = 'test-token', timeoutMs = 2_000) =>
  createTelegramBot({ baseUrl: simulator.url, token, timeoutMs });

async function refusalOf(promise: Promise<unknown>): Promise<TelegramApiError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof TelegramApiError)) throw new Error(`expected a Telegram refusal, got ${String(error)}`);
  return error;
}

describe('the simulated Bot API', () => {
  it('answers getMe with the bot, over GET or POST', async () => {
    const answer = await fetch(`${simulator.url}/bottest-token/getMe`).then((response) => response.json());
    expect(answer).toMatchObject({ ok: true, result: { is_bot: true, username: 'TestBot' } });
  });

  it('refuses a wrong token with 401 Unauthorized, as Telegram does, and an unknown method with 404', async () => {
    const response = await fetch(`${simulator.url}/botwrong/getMe`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    const refused = await refusalOf(botOf('wrong').getUpdates(0));
    expect([refused.status, refused.description]).toEqual([401, 'Unauthorized']);
    const unknown = await fetch(`${simulator.url}/bottest-token/sendPhoto`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(simulator.requests.some((request) => JSON.stringify(request).includes('wrong'))).toBe(false);
  });

  it('queues what a person writes as updates, confirmed by a higher offset and forgotten after', async () => {
    const bot = botOf();
    const first = simulator.sendFromChat(1001, '/start ABCD2345', 'Anna', { languageCode: 'de' });
    const second = simulator.sendFromChat(1002, 'ciao', 'Bruno');
    const updates = await bot.getUpdates(0);
    expect(updates.map((update) => update.update_id)).toEqual([first.update_id, second.update_id]);
    expect(updates[0]?.message).toMatchObject({
      text: '/start ABCD2345',
      chat: { id: 1001, type: 'private', first_name: 'Anna' },
      from: { id: 1001, is_bot: false, first_name: 'Anna', language_code: 'de' },
    });
    // Asked again with the same offset, the same updates: nothing is lost to a reader that failed midway.
    expect((await bot.getUpdates(0)).length).toBe(2);
    expect((await bot.getUpdates(second.update_id)).map((update) => update.update_id)).toEqual([second.update_id]);
    expect(await bot.getUpdates(second.update_id + 1)).toEqual([]);
    expect(simulator.pendingUpdates()).toEqual([]);
    // A negative offset keeps only the last ones.
    simulator.sendFromChat(1001, 'one');
    const last = simulator.sendFromChat(1001, 'two');
    expect((await bot.getUpdates(-1)).map((update) => update.update_id)).toEqual([last.update_id]);
  });

  it('delivers HTML messages to a chat that wrote to the bot and records them, decoded, per chat', async () => {
    simulator.sendFromChat(2001, 'hello', 'Carla');
    await botOf().sendMessage(
      '2001',
      'Cassa &lt;b&gt; &amp; <b>più</b> &#39;ok&#39;\n<a href="https://x.example/a?b=1&amp;c=2">Apri</a>',
    );
    const [message] = simulator.messagesTo(2001);
    expect(message).toMatchObject({
      chatId: '2001',
      from: 'bot',
      parseMode: 'HTML',
      text: "Cassa <b> & più 'ok'\nApri",
      links: ['https://x.example/a?b=1&c=2'],
    });
    expect(simulator.conversation(2001).map((entry) => entry.from)).toEqual(['person', 'bot']);
    expect(simulator.messagesTo(2002)).toEqual([]);
  });

  it('refuses HTML Telegram could not parse: a bare & or <, an unknown or unclosed tag', async () => {
    simulator.sendFromChat(2101, 'hi');
    const bot = botOf();
    for (const html of ['a & b', 'a <b>& b</b>', '<b>bold', '<script>x</script>', '1 < 2', 'x &nbsp; y']) {
      const refused = await refusalOf(bot.sendMessage('2101', html));
      expect(refused.status, html).toBe(400);
      expect(refused.description, html).toMatch(/^Bad Request: can't parse entities: /);
      expect(refused.chatUnreachable).toBe(false);
    }
    expect(simulator.messagesTo(2101)).toEqual([]);
  });

  it('answers 400 chat not found to a chat that never wrote, 403 to one that blocked the bot', async () => {
    const bot = botOf();
    const unknown = await refusalOf(bot.sendMessage('999999', 'hi'));
    expect([unknown.status, unknown.description, unknown.chatUnreachable]).toEqual([
      400,
      'Bad Request: chat not found',
      true,
    ]);
    simulator.sendFromChat(3001, 'hi');
    simulator.setBlocked(3001, true);
    const blocked = await refusalOf(bot.sendMessage('3001', 'hi'));
    expect([blocked.status, blocked.description, blocked.chatUnreachable]).toEqual([
      403,
      'Forbidden: bot was blocked by the user',
      true,
    ]);
    // Writing to the bot again (Start) lets it write back.
    simulator.sendFromChat(3001, '/start');
    await bot.sendMessage('3001', 'welcome back');
    expect(simulator.messagesTo(3001).map((message) => message.text)).toEqual(['welcome back']);
  });

  it('refuses empty and over-long messages', async () => {
    simulator.sendFromChat(3101, 'hi');
    const bot = botOf();
    expect((await refusalOf(bot.sendMessage('3101', '  '))).description).toBe('Bad Request: message text is empty');
    expect((await refusalOf(bot.sendMessage('3101', 'x'.repeat(4097)))).description).toBe(
      'Bad Request: message is too long',
    );
    // The limit counts what the person reads, not the escaping.
    await bot.sendMessage('3101', '&amp;'.repeat(4096));
  });

  it('fails on demand: 500 to every call, or answers too late for the adapter', async () => {
    simulator.sendFromChat(4001, 'hi');
    simulator.setMode('error');
    const failed = await refusalOf(botOf().sendMessage('4001', 'hi'));
    expect([failed.status, failed.chatUnreachable]).toEqual([500, false]);
    simulator.setMode('slow');
    const started = Date.now();
    await expect(botOf('test-token', 200).getUpdates(0)).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(1_500);
    simulator.setMode('ok');
    expect(simulator.messagesTo(4001)).toEqual([]);
  });

  it('lets a journey play the person over HTTP: write to the bot, block it, read the chat', async () => {
    const written = await fetch(`${simulator.url}/simulator/chats/5001/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '/start QWER7890', firstName: 'Dario' }),
    }).then((response) => response.json());
    expect(written).toMatchObject({ ok: true, result: { message: { text: '/start QWER7890', chat: { id: 5001 } } } });
    expect((await botOf().getUpdates(0)).at(-1)?.message?.text).toBe('/start QWER7890');
    await botOf().sendMessage('5001', 'Collegato a <b>Bottega</b>');
    const chat = (await fetch(`${simulator.url}/simulator/chats/5001/messages`).then((response) =>
      response.json(),
    )) as {
      result: { from: string; text: string }[];
    };
    expect(chat.result.map((message) => [message.from, message.text])).toEqual([
      ['person', '/start QWER7890'],
      ['bot', 'Collegato a Bottega'],
    ]);
    const blocked = await fetch(`${simulator.url}/simulator/chats/5001/blocked`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blocked: true }),
    });
    expect(blocked.status).toBe(200);
    expect((await refusalOf(botOf().sendMessage('5001', 'hi'))).status).toBe(403);
    const empty = await fetch(`${simulator.url}/simulator/chats/5001/messages`, { method: 'POST', body: '{}' });
    expect(empty.status).toBe(400);
  });

  it('takes parameters as a form too, as Telegram does', async () => {
    simulator.sendFromChat(6001, 'hi');
    const response = await fetch(`${simulator.url}/bottest-token/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ chat_id: '6001', text: 'plain & simple' }).toString(),
    });
    expect(response.status).toBe(200);
    expect(simulator.messagesTo(6001).map((message) => message.text)).toEqual(['plain & simple']);
  });
});

describe('parseTelegramHtml', () => {
  it('reads the text a person sees and says where Telegram would stop', () => {
    expect(parseTelegramHtml('<i>a</i> &quot;b&quot; &#x1F600;')).toEqual({ text: 'a "b" 😀', links: [] });
    expect(parseTelegramHtml('<b><i>x</b></i>')).toEqual({ error: 'Unexpected end tag at byte offset 7' });
    expect(parseTelegramHtml('è <p>')).toEqual({ error: 'Unsupported start tag "p" at byte offset 3' });
  });
});
