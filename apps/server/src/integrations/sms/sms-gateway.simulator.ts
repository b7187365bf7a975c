// A local stand-in for an SMS provider's HTTP API (sms-gateway.ts): a real HTTP server taking POST /messages with the
// bearer key, answering 401 for a wrong key, 422 for a number that is not +<digits>, and keeping what it received, so
// the demo, the tests and the browser journeys read a customer's phone code as the customer would on their phone —
// GET /simulator/messages?to=<number> lists a number's messages, newest last. Modes make it fail (500) or refuse.

import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SmsSimulatorMode = 'ok' | 'error' | 'reject';
export type SimulatedSms = { id: string; to: string; from: string; text: string; receivedAt: string };

export type SmsSimulator = {
  /** What SMS_API_URL is set to: http://127.0.0.1:<port>. */
  url: string;
  apiKey: string;
  messages: SimulatedSms[];
  messagesTo(number: string): SimulatedSms[];
  setMode(mode: SmsSimulatorMode): void;
  close(): Promise<void>;
};

const bodyLimitBytes = 16 * 1024;

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > bodyLimitBytes) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startSmsSimulator(
  options: { port?: number; host?: string; apiKey?: string } = {},
): Promise<SmsSimulator> {
  const apiKey = options.apiKey ?? 'simulated-sms-key';
  const messages: SimulatedSms[] = [];
  let mode: SmsSimulatorMode = 'ok';
  let counter = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://simulator');
    if (request.method === 'GET' && url.pathname === '/simulator/messages') {
      const to = url.searchParams.get('to');
      answer(response, 200, { messages: to ? messages.filter((message) => message.to === to) : messages });
      return;
    }
    if (request.method !== 'POST' || url.pathname !== '/messages') {
      answer(response, 404, { error: 'not found' });
      return;
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      answer(response, 401, { error: 'invalid API key' });
      return;
    }
    readJson(request).then(
      (body) => {
        const { to, from, text } = (body ?? {}) as Record<string, unknown>;
        if (mode === 'error') return answer(response, 500, { error: 'simulated provider failure' });
        if (mode === 'reject') return answer(response, 422, { error: 'simulated refusal' });
        if (typeof to !== 'string' || !/^\+\d{6,15}$/.test(to) || typeof text !== 'string' || text.length === 0) {
          return answer(response, 422, { error: 'invalid number or text' });
        }
        counter += 1;
        const message = {
          id: `sim-${counter}`,
          to,
          from: typeof from === 'string' ? from : '',
          text,
          receivedAt: new Date().toISOString(),
        };
        messages.push(message);
        answer(response, 201, { id: message.id });
      },
      () => answer(response, 400, { error: 'invalid JSON' }),
    );
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    messages,
    messagesTo: (number) => messages.filter((message) => message.to === number),
    setMode: (next) => {
      mode = next;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
