// The daily close as a file: the "corrispettivi" XML (Agenzia delle Entrate, DatiCorrispettivi, format COR10)
// that every Italian RT printer builds at its Z report and sends to the tax office, and that the printer's web
// pages and the tax office's "Fatture e Corrispettivi" portal let the shop download. A shop whose printer cannot
// be reached over the network uploads that file instead of typing the Z report in.

import { type FiscalCloseRecord, fiscalCloseRecordSchema } from '@bottega/contracts/sales';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { declaresDoctype } from '../../platform/xml-doctype';
import { romeWallInstant } from './epson-fiscal-printer';

/** Why a file is not a close: not XML / not COR10 at all, a DOCTYPE, or one element missing or unreadable. */
export type CorrispettiviFileProblem =
  | { kind: 'notCorrispettivi' }
  | { kind: 'doctype' }
  | { kind: 'field'; field: string };

export class CorrispettiviFileError extends Error {
  constructor(readonly problem: CorrispettiviFileProblem) {
    super(
      problem.kind === 'field'
        ? `Unreadable element ${problem.field}`
        : problem.kind === 'doctype'
          ? 'The XML declares a DOCTYPE'
          : 'Not a COR10 corrispettivi file',
    );
    this.name = 'CorrispettiviFileError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'Riepilogo',
});

type Element = Record<string, unknown>;

function child(element: unknown, name: string): Element | undefined {
  const value = (element as Element | undefined)?.[name];
  return value && typeof value === 'object' ? (value as Element) : undefined;
}

function text(element: unknown, name: string): string | undefined {
  const value = (element as Element | undefined)?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;
}

/** Amount2DecimalType ("1234.56", "-3.00") in cents. */
function decimalCents(value: string | undefined): number | undefined {
  const match = /^(-?)(\d{1,11})\.(\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const cents = Number(`${match[2]}${match[3]}`);
  return match[1] === '-' && cents !== 0 ? -cents : cents;
}

/**
 * The XML of an uploaded file: the file itself, or the XML a signed .xml.p7m (CAdES) envelope carries, which
 * is the document's bytes inside the DER structure.
 */
export function corrispettiviText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  if (text.trimStart().startsWith('<')) return text;
  const start = text.search(/<\?xml|<([A-Za-z_][\w.-]*:)?DatiCorrispettivi[\s>]/);
  const end = /<\/([A-Za-z_][\w.-]*:)?DatiCorrispettivi\s*>/.exec(text.slice(Math.max(0, start)));
  if (start < 0 || !end) return text;
  return text.slice(start, start + end.index + end[0].length);
}

/**
 * Reads a COR10 file into a close. Per VAT group (Riepilogo) the takings are ImportoParziale (the amount net of
 * returns and cancellations; Ammontare when absent) plus Imposta; a Natura group (exempt, out of scope …) has rate
 * and tax 0. Returns and cancellations are the groups' TotaleAmmontareResi and TotaleAmmontareAnnulli, the
 * electronic payments Totali/PagatoElettronico, the documents Totali/NumeroDocCommerciali, the close number the
 * transmission's Progressivo and the close's time DataOraRilevazione (Italian time unless it names an offset).
 */
export function parseCorrispettiviXml(xml: string): FiscalCloseRecord {
  const field = (name: string) => new CorrispettiviFileError({ kind: 'field', field: name });
  if (declaresDoctype(xml)) throw new CorrispettiviFileError({ kind: 'doctype' });
  if (XMLValidator.validate(xml) !== true) throw new CorrispettiviFileError({ kind: 'notCorrispettivi' });
  const root = child(parser.parse(xml), 'DatiCorrispettivi');
  if (!root) throw new CorrispettiviFileError({ kind: 'notCorrispettivi' });

  const transmission = child(root, 'Trasmissione');
  const deviceSerial = text(child(transmission, 'Dispositivo'), 'IdDispositivo');
  if (!deviceSerial) throw field('Trasmissione/Dispositivo/IdDispositivo');
  const progressive = text(transmission, 'Progressivo') ?? '';
  if (!/^\d{1,9}$/.test(progressive) || Number(progressive) < 1) throw field('Trasmissione/Progressivo');

  const detected = text(root, 'DataOraRilevazione') ?? '';
  const when = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(detected);
  if (!when?.[1] || !when[2]) throw field('DataOraRilevazione');
  const closedAt = when[3] ? `${when[1]}T${when[2]}:00${when[3]}` : romeWallInstant(when[1], when[2]);
  if (!closedAt || Number.isNaN(Date.parse(closedAt))) throw field('DataOraRilevazione');
  // The business day is the Italian calendar day of the close.
  const businessDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(closedAt));

  const data = child(root, 'DatiRT');
  const groups = (data?.Riepilogo as unknown[] | undefined) ?? [];
  if (!data || groups.length === 0) throw field('DatiRT/Riepilogo');
  const byRate = new Map<number, { vatRate: number; taxableCents: number; taxCents: number }>();
  let returnsCents = 0;
  let cancellationsCents = 0;
  for (const group of groups) {
    const vat = child(group, 'IVA');
    const rateCents = vat ? decimalCents(text(vat, 'AliquotaIVA')) : 0;
    const taxCents = vat ? decimalCents(text(vat, 'Imposta')) : 0;
    if (rateCents === undefined) throw field('DatiRT/Riepilogo/IVA/AliquotaIVA');
    if (taxCents === undefined) throw field('DatiRT/Riepilogo/IVA/Imposta');
    if (!vat && !text(group, 'Natura')) throw field('DatiRT/Riepilogo/IVA');
    const partial = text(group, 'ImportoParziale');
    const taxableCents = decimalCents(partial ?? text(group, 'Ammontare'));
    if (taxableCents === undefined)
      throw field(`DatiRT/Riepilogo/${partial === undefined ? 'Ammontare' : 'ImportoParziale'}`);
    for (const [name, add] of [
      ['TotaleAmmontareResi', (cents: number) => (returnsCents += cents)],
      ['TotaleAmmontareAnnulli', (cents: number) => (cancellationsCents += cents)],
    ] as const) {
      const value = text(group, name);
      if (value === undefined) continue;
      const cents = decimalCents(value);
      if (cents === undefined || cents < 0) throw field(`DatiRT/Riepilogo/${name}`);
      add(cents);
    }
    // AliquotaIVA is a percentage with two decimals: its "cents" are the record's basis points.
    const entry = byRate.get(rateCents) ?? { vatRate: rateCents, taxableCents: 0, taxCents: 0 };
    entry.taxableCents += taxableCents;
    entry.taxCents += taxCents;
    byRate.set(rateCents, entry);
  }

  const totals = child(data, 'Totali');
  const documents = text(totals, 'NumeroDocCommerciali') ?? '';
  if (!/^\d{1,9}$/.test(documents)) throw field('DatiRT/Totali/NumeroDocCommerciali');
  const electronic = text(totals, 'PagatoElettronico');
  const electronicPaymentsCents = electronic === undefined ? 0 : decimalCents(electronic);
  if (electronicPaymentsCents === undefined || electronicPaymentsCents < 0)
    throw field('DatiRT/Totali/PagatoElettronico');

  const vatBreakdown = [...byRate.values()].sort((a, b) => b.vatRate - a.vatRate);
  const record = {
    deviceSerial,
    businessDate,
    closedAt,
    closeNumber: Number(progressive),
    totalCents: vatBreakdown.reduce((sum, group) => sum + group.taxableCents + group.taxCents, 0),
    documentsCount: Number(documents),
    returnsCents,
    cancellationsCents,
    electronicPaymentsCents,
    vatBreakdown,
  };
  const checked = fiscalCloseRecordSchema.safeParse(record);
  if (!checked.success) throw field(checked.error.issues[0]?.path.join('/') ?? 'DatiRT');
  return checked.data;
}
