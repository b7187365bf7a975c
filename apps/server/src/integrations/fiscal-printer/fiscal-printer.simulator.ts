// A local stand-in for a shop's Epson RT printer: a real HTTP server answering /cgi-bin/fpmate.cgi with the SOAP
// XML the printer sends, so tests, development and the demo read fiscal closes with no printer and no network.
// It answers the three reads of epson-fiscal-printer.ts and, like the printer, refuses anything else. The demo
// gives it a printer per shop, answering with the closes of the same generator that made the shop's receipts.

import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FiscalCloseRecord } from '@bottega/contracts/sales';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { declaresDoctype } from '../../platform/xml-doctype';
import { escapeXml, fpmatePath, noDataCode, serialNumberCommand, zReportReadCommand } from './epson-fiscal-printer';

/** A close as the simulated printer keeps it; its serial and business date are the printer's and the request's. */
export type SimulatedClose = Omit<FiscalCloseRecord, 'deviceSerial' | 'businessDate'>;

/** One simulated printer: its serial number and its closes by business date (null: none yet). */
export type SimulatedPrinter = { serial: string; closeOf: (businessDate: string) => SimulatedClose | null };

/**
 * ok: answers as a healthy printer; malformed: an HTML error page instead of XML; error: success="false" with
 * EPTR_REC_EMPTY, status 3 (offline: paper out or cover open); slow: answers only after `slowAnswerMs`.
 */
export type FiscalPrinterSimulatorMode = 'ok' | 'malformed' | 'error' | 'slow';

export type ReceivedFpmateRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  soapAction: string | undefined;
  body: string;
};

export type FiscalPrinterSimulator = {
  /** host:port, what a shop's "fiscal printer IP" field would hold. */
  address: string;
  /** Every request received, oldest first, to check what was really sent. */
  requests: ReceivedFpmateRequest[];
  setMode(mode: FiscalPrinterSimulatorMode): void;
  close(): Promise<void>;
};

/** An 11-character matricola: maker, RT type, model, progressive number. */
const defaultSerial = '99MEX012345';

/** Cents (or basis points) written the way fpmate writes amounts: "1.234,56". */
function italianAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const units = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${sign}${units},${digits.slice(-2)}`;
}

/** The printer's clock shows Italian wall time. */
function romeWallClock(instant: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

function romeToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
}

/**
 * The demo's closes: every day before today has one, made up from the date alone, so the same day always gives
 * the same figures. Gross takings are split 80/20 between the 22 % and 10 % VAT groups, VAT included.
 */
export function demoFiscalClose(businessDate: string): SimulatedClose | null {
  if (businessDate >= romeToday()) return null;
  let hash = 2166136261;
  for (const character of businessDate) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619) >>> 0;
  const totalCents = 150_000 + (hash % 350_000);
  const gross22 = Math.round((totalCents * 8) / 10);
  const taxable22 = Math.round((gross22 * 100) / 122);
  const taxable10 = Math.round(((totalCents - gross22) * 100) / 110);
  const minute = String(hash % 50).padStart(2, '0');
  const closedAt = new Date(`${businessDate}T20:${minute}:00+01:00`).toISOString();
  const dayNumber = Math.round((Date.parse(businessDate) - Date.parse('2024-01-01')) / 86_400_000);
  return {
    closedAt: `${closedAt.slice(0, 19)}Z`,
    closeNumber: Math.max(1, dayNumber + 1),
    totalCents,
    documentsCount: 40 + (hash % 90),
    returnsCents: hash % 5_000,
    cancellationsCents: (hash >>> 8) % 2_000,
    electronicPaymentsCents: Math.round((totalCents * 6) / 10),
    vatBreakdown: [
      { vatRate: 2200, taxableCents: taxable22, taxCents: gross22 - taxable22 },
      { vatRate: 1000, taxableCents: taxable10, taxCents: totalCents - gross22 - taxable10 },
    ],
  };
}

function answer(success: boolean, code: string, status: string, info: Record<string, string> = {}): string {
  const names = Object.keys(info);
  const addInfo = names.length
    ? `<addInfo>\n<elementList>${names.join(',')}</elementList>\n${names
        .map((name) => `<${name}>${escapeXml(info[name] ?? '')}</${name}>\n`)
        .join('')}</addInfo>\n`
    : '';
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">\n' +
    '<soapenv:Body>\n' +
    `<response success="${success}" code="${escapeXml(code)}" status="${escapeXml(status)}">\n${addInfo}</response>\n` +
    '</soapenv:Body>\n' +
    '</soapenv:Envelope>\n'
  );
}

/** printerStatus "00110": printer OK, electronic journal OK, drawer closed, no document open, registering state. */
const healthyStatus = '00110';

const requestParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
});

function zReportInfo(close: SimulatedClose): Record<string, string> {
  const { date, time } = romeWallClock(close.closedAt);
  const info: Record<string, string> = {
    printerStatus: healthyStatus,
    zRepNumber: String(close.closeNumber),
    zRepDate: date,
    zRepTime: time,
    dailyAmount: italianAmount(close.totalCents),
    fiscalDocCount: String(close.documentsCount),
    dailyReturnAmount: italianAmount(close.returnsCents),
    dailyVoidAmount: italianAmount(close.cancellationsCents),
    dailyElectronicAmount: italianAmount(close.electronicPaymentsCents),
  };
  close.vatBreakdown.forEach((group, index) => {
    info[`vatRate${index + 1}`] = italianAmount(group.vatRate);
    info[`vatTaxable${index + 1}`] = italianAmount(group.taxableCents);
    info[`vatTax${index + 1}`] = italianAmount(group.taxCents);
  });
  return info;
}

/** What the printer answers to one SOAP request in 'ok' mode. */
function respond(body: string, printer: SimulatedPrinter): string {
  if (declaresDoctype(body) || XMLValidator.validate(body) !== true) return answer(false, 'PARSER_ERROR', '0');
  const envelope = (requestParser.parse(body) as Record<string, Record<string, Record<string, unknown>>>).Envelope;
  const command = envelope?.Body?.printerCommand as Record<string, Record<string, string> | undefined> | undefined;
  const commands = command ? Object.keys(command) : [];
  if (commands.length !== 1) return answer(false, 'Non valid XML command', '0');
  const status = command?.queryPrinterStatus;
  if (status && status.statusType === '1') {
    return answer(true, '', '2', { printerStatus: healthyStatus, rtType: printer.serial.charAt(2), rtDailyOpen: '0' });
  }
  const directIO = command?.directIO;
  if (directIO?.command === serialNumberCommand && directIO.data === '00') {
    // The layout fiskaltrust reads: 2 characters of operator, number, model, maker.
    const serial = printer.serial;
    return answer(true, '', '2', {
      printerStatus: healthyStatus,
      responseData: `00${serial.slice(5, 11)}${serial.slice(3, 5)}${serial.slice(0, 2)}`,
    });
  }
  const dateMatch = /^01(\d{2})(\d{2})(\d{2})$/.exec(directIO?.data ?? '');
  if (directIO?.command === zReportReadCommand && dateMatch) {
    const close = printer.closeOf(`20${dateMatch[3]}-${dateMatch[2]}-${dateMatch[1]}`);
    if (!close) return answer(false, noDataCode, '2', { printerStatus: healthyStatus });
    return answer(true, '', '2', zReportInfo(close));
  }
  // A command the fiscal firmware rejects at the native level.
  return answer(false, 'PRINTER ERROR', '0');
}

const rtSerial = /^\d{2}[A-Z][A-Z0-9]{2}\d{6}$/;

/** Where a named printer of `printers` answers: one simulator stands in for every shop's printer. */
const namedPrinterPath = new RegExp(`^/printers/([^/]+)${fpmatePath.replaceAll('.', '\\.')}$`);

/**
 * Starts the simulated printer on host (127.0.0.1) and port (0: any free one). `closes` are by business date,
 * or a function of it (null: no close yet); by default the demo's made-up closes. With `printers`, it also
 * answers as the printer `name` at /printers/<name>/cgi-bin/fpmate.cgi (404 when it gives null).
 */
export async function startFiscalPrinterSimulator(
  options: {
    port?: number;
    host?: string;
    serial?: string;
    closes?: Record<string, SimulatedClose> | ((businessDate: string) => SimulatedClose | null);
    mode?: FiscalPrinterSimulatorMode;
    slowAnswerMs?: number;
    printers?: (name: string) => Promise<SimulatedPrinter | null>;
  } = {},
): Promise<FiscalPrinterSimulator> {
  const serial = options.serial ?? defaultSerial;
  if (!rtSerial.test(serial)) throw new RangeError(`Not an RT serial number: ${serial}`);
  const closes = options.closes ?? demoFiscalClose;
  const closeOf = typeof closes === 'function' ? closes : (businessDate: string) => closes[businessDate] ?? null;
  const defaultPrinter: SimulatedPrinter = { serial, closeOf };
  const printerAt = async (path: string): Promise<SimulatedPrinter | null> => {
    if (path === fpmatePath) return defaultPrinter;
    const name = namedPrinterPath.exec(path)?.[1];
    if (!name || !options.printers) return null;
    const printer = await options.printers(decodeURIComponent(name));
    if (printer && !rtSerial.test(printer.serial)) throw new RangeError(`Not an RT serial number: ${printer.serial}`);
    return printer;
  };
  const slowAnswerMs = options.slowAnswerMs ?? 30_000;
  let mode: FiscalPrinterSimulatorMode = options.mode ?? 'ok';
  const requests: ReceivedFpmateRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://printer');
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      contentType: request.headers['content-type'],
      soapAction: request.headers.soapaction as string | undefined,
      body,
    });
    const printer = request.method === 'POST' ? await printerAt(url.pathname) : null;
    if (!printer) {
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body>404 Not Found</body></html>');
      return;
    }
    const send = (xml: string) => response.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(xml);
    if (mode === 'malformed') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Service temporarily unavailable');
    } else if (mode === 'error') {
      send(answer(false, 'EPTR_REC_EMPTY', '3', { printerStatus: '30110' }));
    } else if (mode === 'slow') {
      const timer = setTimeout(() => {
        pending.delete(timer);
        send(respond(body, printer));
      }, slowAnswerMs);
      pending.add(timer);
    } else {
      send(respond(body, printer));
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const { address, port } = server.address() as AddressInfo;
  return {
    address: `${address}:${port}`,
    requests,
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
