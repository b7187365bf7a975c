// Reads a business day's fiscal close (Z report) from a shop's Epson RT fiscal printer over the
// printer's own web service, fpmate.cgi: XML in a SOAP envelope, POSTed over plain HTTP on the shop's LAN.
//
// What public material documents (Epson's fiscalprint.js ePOS SDK, fiskaltrust's Epson RT SCU, Odoo's
// l10n_it_pos, lyancoder/fiscal-printer): the URL and its devid/timeout query, the envelope and headers,
// the `<response success code status><addInfo><elementList>…` answer, the error codes, amounts written
// "1.234,56", `queryPrinterStatus statusType="1"` answering the RT type, and `directIO 3217` answering the
// serial number's parts in `responseData`. What it does not document is the directIO that reads back a stored
// Z report by date and the fields of its answer; `zReportReadCommand` and `readZReport` below name our
// interpretation, to be checked against Epson's RT "Communication Protocol" manual before going live.

import { isoDateSchema } from '@bottega/contracts/common';
import { type FiscalCloseRecord, fiscalCloseRecordSchema } from '@bottega/contracts/sales';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { declaresDoctype } from '../../platform/xml-doctype';

export const fpmatePath = '/cgi-bin/fpmate.cgi';
/** The fpmate device id of the fiscal printer itself (other ids address secondary devices). */
export const fpmateDeviceId = 'local_printer';
/** Epson's SDK and Odoo wait 10 s for the printer. */
export const defaultFiscalPrinterTimeoutMs = 10_000;
/** fiskaltrust reads the serial number with directIO 3217 and data "00". */
export const serialNumberCommand = '3217';
/**
 * Our interpretation: directIO 2050 with data "01" + DDMMYY reads the Z report of that day without printing.
 * The data layout follows directIO 3098 (reprint by date, "01" + DDMMYY), which is documented; the number is
 * not, so it is named here and in the README.
 */
export const zReportReadCommand = '2050';
/** The answer code of a read that finds nothing, as Epson's connector for Dynamics 365 lists it. */
export const noDataCode = 'NO_DATA';

export type FiscalPrinterFailure = 'unreachable' | 'timeout' | 'printerError' | 'malformedAnswer' | 'noClose';

/** A failed read, typed so the caller can report why: the printer could not be reached, refused, or answered nonsense. */
export class FiscalPrinterError extends Error {
  readonly failure: FiscalPrinterFailure;
  readonly address: string;
  /** The printer's own code (`EPTR_REC_EMPTY`, `PRINTER ERROR` …) or the network's (`ECONNREFUSED`, `ENOTFOUND` …). */
  readonly code: string | undefined;
  constructor(failure: FiscalPrinterFailure, address: string, message: string, code?: string) {
    super(message);
    this.name = 'FiscalPrinterError';
    this.failure = failure;
    this.address = address;
    this.code = code;
  }
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** One empty element with escaped attributes, the shape of every fpmate command. */
export function xmlElement(name: string, attributes: Record<string, string>): string {
  const written = Object.entries(attributes).map(([key, value]) => ` ${key}="${escapeXml(value)}"`);
  return `<${name}${written.join('')} />`;
}

/** The SOAP envelope exactly as Epson's fiscalprint.js writes it, line breaks included. */
export function soapEnvelope(body: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/">\n' +
    '<s:Body>\n' +
    body +
    '</s:Body>\n' +
    '</s:Envelope>\n'
  );
}

/**
 * "1.234,56" (Italian: dot for thousands, comma for decimals, as fpmate writes dailyAmount) into 123456 cents,
 * with integers only so no amount is ever rounded. Anything else is refused.
 */
export function parseItalianAmount(text: string): number | undefined {
  const match = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+),(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [, sign, units = '', decimals = ''] = match;
  const cents = Number(`${units.replaceAll('.', '')}${decimals}`);
  if (!Number.isSafeInteger(cents)) return undefined;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** The UTC offset of Europe/Rome at an instant, in minutes (60 in winter, 120 in summer). */
// Made once: building a formatter costs far more than using it (the dashboard's weekly-cash to-do asks on every load).
const romeOffsetName = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' });

function romeOffsetMinutes(epochMs: number): number {
  const name = romeOffsetName.formatToParts(new Date(epochMs)).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** Italian wall time (YYYY-MM-DD, HH:MM) as an instant with the offset in force then, also on the days the clocks change. */
export function romeWallInstant(date: string, time: string): string | undefined {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return undefined;
  const [, year, month, day] = dateMatch;
  const [, hour, minute] = timeMatch;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  const check = new Date(wall);
  if (
    check.getUTCDate() !== Number(day) ||
    check.getUTCHours() !== Number(hour) ||
    check.getUTCMinutes() !== Number(minute)
  )
    return undefined;
  // Two passes find the offset in force at that wall time.
  const offset = romeOffsetMinutes(wall - romeOffsetMinutes(wall) * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const minutes = String(absolute % 60).padStart(2, '0');
  return `${year}-${month}-${day}T${hour}:${minute}:00${sign}${hours}:${minutes}`;
}

/** The printer's clock is Italian wall time ("DD/MM/YYYY", "HH:MM"); the record wants an instant with its offset. */
function romeInstant(date: string, time: string): string | undefined {
  const dateMatch = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date.trim());
  if (!dateMatch) return undefined;
  return romeWallInstant(`${dateMatch[3]}-${dateMatch[2]}-${dateMatch[1]}`, time.trim());
}

type FpmateAnswer = { code: string; status: string; info: Record<string, string> };

const responseParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

/**
 * Reads an fpmate answer like the SDK does: `success` is "true" or "1"; the additional data are the elements
 * that `elementList` names. A refusal becomes a typed failure here, except NO_DATA where the caller expects it.
 */
function parseAnswer(text: string, address: string, noDataIsAnswer: boolean): FpmateAnswer & { success: boolean } {
  const malformed = (why: string) => new FiscalPrinterError('malformedAnswer', address, `The printer's answer ${why}.`);
  if (declaresDoctype(text)) throw malformed('declares a DOCTYPE');
  if (XMLValidator.validate(text) !== true) throw malformed('is not XML');
  const document = responseParser.parse(text) as Record<string, unknown>;
  const envelope = document.Envelope as Record<string, unknown> | undefined;
  const body = envelope?.Body as Record<string, unknown> | undefined;
  const response = body?.response as Record<string, unknown> | undefined;
  if (!response || typeof response !== 'object') throw malformed('has no SOAP response element');
  const success = /^(1|true)$/.test(String(response.success ?? ''));
  const code = String(response.code ?? '');
  const status = String(response.status ?? '');
  const info: Record<string, string> = {};
  const addInfo = response.addInfo as Record<string, unknown> | undefined;
  if (addInfo && typeof addInfo === 'object') {
    const names = String(addInfo.elementList ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    for (const name of names) {
      const value = addInfo[name];
      info[name] = value === undefined || typeof value === 'object' ? '' : String(value);
    }
  }
  if (!success && !(noDataIsAnswer && code === noDataCode)) {
    throw new FiscalPrinterError(
      'printerError',
      address,
      `The printer refused the command: ${code || 'no code'} (status ${status || 'none'}).`,
      code || undefined,
    );
  }
  return { success, code, status, info };
}

type Exchange = (body: string, noDataIsAnswer?: boolean) => Promise<ReturnType<typeof parseAnswer>>;

function fpmateExchange(options: { address: string; timeoutMs: number; fetch: typeof fetch }): Exchange {
  const { address, timeoutMs } = options;
  let url: URL;
  try {
    url = new URL(`http://${address}${fpmatePath}`);
  } catch {
    throw new FiscalPrinterError('unreachable', address, `"${address}" is not a printer address (IP or host:port).`);
  }
  url.searchParams.set('devid', fpmateDeviceId);
  // The printer waits this long for its fiscal firmware; we wait as long for the whole read.
  url.searchParams.set('timeout', String(timeoutMs));
  const signal = AbortSignal.timeout(timeoutMs);
  return async (body, noDataIsAnswer = false) => {
    let text: string;
    try {
      const answer = await options.fetch(url, {
        method: 'POST',
        // The headers Epson's SDK sends; the printer's web server caches nothing thanks to If-Modified-Since.
        headers: {
          'Content-Type': 'text/xml; charset=UTF-8',
          'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT',
          SOAPAction: '""',
        },
        body: soapEnvelope(body),
        signal,
      });
      text = await answer.text();
      if (!answer.ok) {
        // The SDK reports any HTTP error as FP_NO_ANSWER_NETWORK: what answered is not the printer's service.
        throw new FiscalPrinterError(
          'unreachable',
          address,
          `The printer's web service answered HTTP ${answer.status}.`,
          `HTTP_${answer.status}`,
        );
      }
    } catch (error) {
      if (error instanceof FiscalPrinterError) throw error;
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new FiscalPrinterError('timeout', address, `The printer did not answer within ${timeoutMs} ms.`);
      const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
      throw new FiscalPrinterError(
        'unreachable',
        address,
        `The printer cannot be reached: ${cause?.code ?? (error instanceof Error ? error.message : String(error))}.`,
        cause?.code,
      );
    }
    return parseAnswer(text, address, noDataIsAnswer);
  };
}

/** The matricola from directIO 3217's responseData, put together as fiskaltrust does: maker, RT type, model, number. */
function serialNumber(responseData: string, rtType: string): string | undefined {
  if (responseData.length < 12 || rtType.length !== 1) return undefined;
  return responseData.slice(10, 12) + rtType + responseData.slice(8, 10) + responseData.slice(2, 8);
}

/**
 * Our interpretation of the Z report read's answer, in fpmate's own style (the names and "1.234,56" amounts of
 * printerFiscalReport's answer, zRepNumber and dailyAmount, extended): zRepDate/zRepTime ("DD/MM/YYYY", "HH:MM"
 * like fiscalReceiptDate/Time), fiscalDocCount, dailyReturnAmount, dailyVoidAmount, dailyElectronicAmount, and per
 * VAT group n = 1, 2 … vatRate<n> ("22,00" %), vatTaxable<n> and vatTax<n>.
 */
function closeFromAnswer(
  info: Record<string, string>,
  context: { address: string; deviceSerial: string; businessDate: string },
): FiscalCloseRecord {
  const malformed = (why: string) =>
    new FiscalPrinterError('malformedAnswer', context.address, `The printer's Z report ${why}.`);
  const field = (name: string) => {
    const value = info[name];
    if (value === undefined || value === '') throw malformed(`has no ${name}`);
    return value;
  };
  const amount = (name: string) => {
    const cents = parseItalianAmount(field(name));
    if (cents === undefined) throw malformed(`has an amount that does not read: ${name} "${info[name]}"`);
    return cents;
  };
  const count = (name: string) => {
    const text = field(name);
    if (!/^\d{1,9}$/.test(text)) throw malformed(`has a count that does not read: ${name} "${text}"`);
    return Number(text);
  };
  const closedAt = romeInstant(field('zRepDate'), field('zRepTime'));
  if (!closedAt) throw malformed(`has a date or time that does not read: "${info.zRepDate} ${info.zRepTime}"`);
  const vatBreakdown: FiscalCloseRecord['vatBreakdown'] = [];
  for (let group = 1; info[`vatRate${group}`] !== undefined; group++) {
    vatBreakdown.push({
      vatRate: amount(`vatRate${group}`),
      taxableCents: amount(`vatTaxable${group}`),
      taxCents: amount(`vatTax${group}`),
    });
  }
  const record = {
    deviceSerial: context.deviceSerial,
    businessDate: context.businessDate,
    closedAt,
    closeNumber: count('zRepNumber'),
    totalCents: amount('dailyAmount'),
    documentsCount: count('fiscalDocCount'),
    returnsCents: amount('dailyReturnAmount'),
    cancellationsCents: amount('dailyVoidAmount'),
    electronicPaymentsCents: amount('dailyElectronicAmount'),
    vatBreakdown,
  };
  const checked = fiscalCloseRecordSchema.safeParse(record);
  if (!checked.success) throw malformed(`is out of range: ${checked.error.issues[0]?.path.join('.')}`);
  return checked.data;
}

/**
 * Reads the fiscal close of `businessDate` from the printer at `address` (its IP, or host:port): the RT type
 * (queryPrinterStatus statusType 1) and the serial (directIO 3217) make the matricola, then the day's Z report.
 * Nothing is printed and the fiscal day is not touched. Fails with a FiscalPrinterError.
 */
export async function readFiscalClose(options: {
  address: string;
  businessDate: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): Promise<FiscalCloseRecord> {
  const { address, businessDate } = options;
  if (!isoDateSchema.safeParse(businessDate).success) throw new RangeError(`Not a YYYY-MM-DD date: ${businessDate}`);
  const exchange = fpmateExchange({
    address,
    timeoutMs: options.timeoutMs ?? defaultFiscalPrinterTimeoutMs,
    fetch: options.fetch ?? fetch,
  });
  const malformed = (why: string) => new FiscalPrinterError('malformedAnswer', address, `The printer's answer ${why}.`);

  const status = await exchange(
    `<printerCommand>${xmlElement('queryPrinterStatus', { operator: '1', statusType: '1' })}</printerCommand>\n`,
  );
  const serialAnswer = await exchange(
    `<printerCommand>${xmlElement('directIO', { command: serialNumberCommand, data: '00' })}</printerCommand>\n`,
  );
  const deviceSerial = serialNumber(serialAnswer.info.responseData ?? '', status.info.rtType ?? '');
  if (!deviceSerial) throw malformed('gives no serial number (rtType and directIO 3217 responseData)');

  const [year = '', month = '', day = ''] = businessDate.split('-');
  const report = await exchange(
    `<printerCommand>${xmlElement('directIO', { command: zReportReadCommand, data: `01${day}${month}${year.slice(2)}` })}</printerCommand>\n`,
    true,
  );
  if (!report.success)
    throw new FiscalPrinterError(
      'noClose',
      address,
      `The printer has no fiscal close for ${businessDate}.`,
      noDataCode,
    );
  return closeFromAnswer(report.info, { address, deviceSerial, businessDate });
}
