// The FatturaPA XML of a confirmed invoice (FPR12, TD01, schema v1.2): the receipt's lines with their VAT, the
// company as CedentePrestatore and the customer as CessionarioCommittente, written with fast-xml-parser's
// XMLBuilder (it escapes every text), never by string concatenation. Pure: the service hands it the data.
import { XMLBuilder } from 'fast-xml-parser';

export type FatturaSeller = {
  name: string;
  vatNumber: string;
  /** The shop's address stands for the seller's seat: the company keeps none of its own (README). */
  address: string;
  cap: string;
  city: string;
  province: string;
  country: string;
};

export type FatturaCustomer = {
  customerType: 'person' | 'company';
  name: string;
  surname: string;
  fiscalCode: string;
  vatNumber: string;
  street: string;
  streetNumber: string;
  cap: string;
  city: string;
  province: string;
  state: string;
  sdiCode: string;
  pec: string;
};

/** A receipt line: gross amounts (VAT included), as the till records them; vatRate in basis points. */
export type FatturaLine = { description: string; quantity: number; subtotalCents: number; vatRate: number };

export type FatturaInput = {
  seller: FatturaSeller;
  customer: FatturaCustomer;
  lines: FatturaLine[];
  number: number;
  year: number;
  /** YYYY-MM-DD */
  date: string;
  receipt: { receiptNumber: number; registerCode: string; receiptDate: string };
};

const noSdiCode = '0000000';
/** The SdI's recipient code for a customer outside Italy. */
const foreignSdiCode = 'XXXXXXX';
/** IdCodice of a foreign customer with no VAT number, as the SdI's rules allow. */
const foreignNoVatCode = '99999999999';

/** Cents as euros with two decimals: 1234 → "12.34". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A rate in basis points as the schema writes it: 2200 → "22.00", 550 → "5.50". */
function ratePercent(basisPoints: number): string {
  return euros(basisPoints);
}

/**
 * ProgressivoInvio and the file's progressive: five letters or digits unique per sender, so the year's last
 * two digits and the number in base 36 (46,655 invoices per company and year).
 */
export function progressivoInvio(year: number, number: number): string {
  return `${String(year % 100).padStart(2, '0')}${number.toString(36).toUpperCase().padStart(3, '0')}`;
}

/** The SdI's file name: IT, the sender's VAT number, an underscore and the progressive. */
export function fatturaFileName(vatNumber: string, year: number, number: number): string {
  return `IT${vatNumber}_${progressivoInvio(year, number)}.xml`;
}

/** The taxable part of a gross amount at a rate, to the cent. */
function netOf(grossCents: number, vatRate: number): number {
  return Math.round((grossCents * 10_000) / (10_000 + vatRate));
}

/** The lines' net amounts and the summary per rate: taxable the lines' sum, tax the taxable times the rate. */
export function vatSummary(lines: FatturaLine[]) {
  const detail = lines.map((line, index) => {
    const netCents = netOf(line.subtotalCents, line.vatRate);
    return { ...line, index: index + 1, netCents };
  });
  const rates = [...new Set(detail.map((line) => line.vatRate))].sort((a, b) => b - a);
  const summary = rates.map((vatRate) => {
    const taxableCents = detail.filter((line) => line.vatRate === vatRate).reduce((sum, l) => sum + l.netCents, 0);
    return { vatRate, taxableCents, taxCents: Math.round((taxableCents * vatRate) / 10_000) };
  });
  return { detail, summary };
}

/**
 * Only what the schema's String…LatinType fields allow (Basic Latin and Latin-1 Supplement), cut to their length;
 * any other character (an emoji, a Polish Ł) becomes a space rather than an invoice the SdI refuses.
 */
function latin(value: string, max: number): string {
  const cleaned = value.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, ' ').trim();
  return cleaned.slice(0, max) || '-';
}

function customerParty(customer: FatturaCustomer) {
  const foreign = customer.state !== 'IT';
  const fiscalIds: Record<string, unknown> = {};
  if (customer.vatNumber || foreign) {
    fiscalIds.IdFiscaleIVA = {
      IdPaese: customer.state,
      IdCodice: customer.vatNumber || foreignNoVatCode,
    };
  }
  if (customer.fiscalCode && !foreign) fiscalIds.CodiceFiscale = customer.fiscalCode;
  const anagrafica =
    customer.customerType === 'company'
      ? { Denominazione: latin(customer.name, 80) }
      : { Nome: latin(customer.name, 60), Cognome: latin(customer.surname, 60) };
  return {
    DatiAnagrafici: { ...fiscalIds, Anagrafica: anagrafica },
    Sede: {
      Indirizzo: latin(customer.street, 60),
      NumeroCivico: latin(customer.streetNumber, 8),
      CAP: foreign && !/^\d{5}$/.test(customer.cap) ? '00000' : customer.cap,
      Comune: latin(customer.city, 60),
      ...(customer.province && !foreign ? { Provincia: customer.province } : {}),
      Nazione: customer.state,
    },
  };
}

/** Where the SdI delivers it: the customer's code, else "0000000" (with the PEC when there is one). */
function recipient(customer: FatturaCustomer) {
  if (customer.state !== 'IT') return { CodiceDestinatario: foreignSdiCode };
  if (customer.sdiCode && customer.sdiCode !== noSdiCode) return { CodiceDestinatario: customer.sdiCode };
  return { CodiceDestinatario: noSdiCode, ...(customer.pec ? { PECDestinatario: customer.pec } : {}) };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
});

/** The invoice as FatturaPA XML (UTF-8). */
export function fatturaXml(input: FatturaInput): string {
  const { seller, customer, receipt } = input;
  const { detail, summary } = vatSummary(input.lines);
  const totalCents = summary.reduce((sum, rate) => sum + rate.taxableCents + rate.taxCents, 0);
  const document = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    'p:FatturaElettronica': {
      '@versione': 'FPR12',
      '@xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
      '@xmlns:p': 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2',
      '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      FatturaElettronicaHeader: {
        DatiTrasmissione: {
          IdTrasmittente: { IdPaese: 'IT', IdCodice: seller.vatNumber },
          ProgressivoInvio: progressivoInvio(input.year, input.number),
          FormatoTrasmissione: 'FPR12',
          ...recipient(customer),
        },
        CedentePrestatore: {
          DatiAnagrafici: {
            IdFiscaleIVA: { IdPaese: 'IT', IdCodice: seller.vatNumber },
            Anagrafica: { Denominazione: latin(seller.name, 80) },
            RegimeFiscale: 'RF01',
          },
          Sede: {
            Indirizzo: latin(seller.address, 60),
            CAP: seller.cap,
            Comune: latin(seller.city, 60),
            ...(seller.province ? { Provincia: seller.province } : {}),
            Nazione: seller.country,
          },
        },
        CessionarioCommittente: customerParty(customer),
      },
      FatturaElettronicaBody: {
        DatiGenerali: {
          DatiGeneraliDocumento: {
            TipoDocumento: 'TD01',
            Divisa: 'EUR',
            Data: input.date,
            Numero: `${input.number}/${input.year}`,
            ImportoTotaleDocumento: euros(totalCents),
            Causale: latin(
              `Fattura dello scontrino n. ${receipt.receiptNumber} cassa ${receipt.registerCode} del ${receipt.receiptDate}`,
              200,
            ),
          },
        },
        DatiBeniServizi: {
          DettaglioLinee: detail.map((line) => {
            const quantity = Math.abs(line.quantity) || 1;
            return {
              NumeroLinea: line.index,
              Descrizione: latin(line.description, 1000),
              Quantita: `${quantity}.00`,
              PrezzoUnitario: (line.netCents / 100 / quantity).toFixed(8),
              PrezzoTotale: euros(line.netCents),
              AliquotaIVA: ratePercent(line.vatRate),
              // A sale at 0 % needs its reason: not subject to VAT (art. 7 ff., N2.1 would need a foreign sale).
              ...(line.vatRate === 0 ? { Natura: 'N2.2' } : {}),
            };
          }),
          DatiRiepilogo: summary.map((rate) => ({
            AliquotaIVA: ratePercent(rate.vatRate),
            ...(rate.vatRate === 0 ? { Natura: 'N2.2' } : {}),
            ImponibileImporto: euros(rate.taxableCents),
            Imposta: euros(rate.taxCents),
            EsigibilitaIVA: 'I',
          })),
        },
      },
    },
  };
  return builder.build(document);
}
