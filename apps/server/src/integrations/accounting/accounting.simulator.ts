// A local stand-in for the accounting system: a real HTTP server taking the month's CSV (accounting-file.ts) and
// answering entry by entry, accepting all of them unless told to refuse some kinds — so tests, development and the
// demo transmit months with no accounting system and no network, and can see each §8 refusal.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AccountingEntryKind } from '@bottega/contracts/month-end';
import { parse } from 'csv-parse/sync';
import type { AccountingAnswer } from './accounting-file';

export type AccountingSimulator = {
  /** Where to POST a month's file. */
  url: string;
  /** Every file received, oldest first. */
  received: string[];
  /** Refuse the entries of these kinds from now on (none: accept everything). */
  refuse(kinds: AccountingEntryKind[]): void;
  close(): Promise<void>;
};

export const simulatedRefusal = (kind: string) => `Registrazione non accettata (${kind}): conto non movimentabile`;

export async function startAccountingSimulator(options: { port?: number } = {}): Promise<AccountingSimulator> {
  const received: string[] = [];
  let refusing = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/entries') {
        response.writeHead(404).end();
        return;
      }
      const file = Buffer.concat(chunks).toString('utf8');
      received.push(file);
      try {
        const rows = parse(file, { delimiter: ';', columns: true, skip_empty_lines: true }) as Record<string, string>[];
        const answer: AccountingAnswer = {
          entries: rows.map((row) => {
            const line = Number(row.line);
            const kind = row.kind ?? '';
            return refusing.has(kind)
              ? { line, accepted: false, message: simulatedRefusal(kind) }
              : { line, accepted: true };
          }),
        };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/entries`,
    received,
    refuse(kinds) {
      refusing = new Set(kinds);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
