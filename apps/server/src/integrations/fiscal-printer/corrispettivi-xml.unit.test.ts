import type { FiscalCloseRecord } from '@bottega/contracts/sales';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corrispettiviXml } from '../../../test/corrispettivi';
import { CorrispettiviFileError, corrispettiviText, parseCorrispettiviXml } from './corrispettivi-xml';

const close: FiscalCloseRecord = {
  deviceSerial: '99MEX012345',
  businessDate: '2026-06-12',
  closedAt: '2026-06-12T18:47:00Z',
  closeNumber: 512,
  totalCents: 12_464_354 + 1_324_354 + 132_435 - 12_464_354,
  documentsCount: 87,
  returnsCents: 4_590,
  cancellationsCents: 1_000,
  electronicPaymentsCents: 900_000,
  vatBreakdown: [
    { vatRate: 1000, taxableCents: 1_324_354, taxCents: 132_435 },
    { vatRate: 0, taxableCents: 0, taxCents: 0 },
  ],
};

function problemOf(xml: string) {
  try {
    parseCorrispettiviXml(xml);
  } catch (error) {
    if (error instanceof CorrispettiviFileError) return error.problem;
    throw error;
  }
  return null;
}

describe('parseCorrispettiviXml', () => {
  it('reads the close of a COR10 file, in Italian summer time', () => {
    const record = parseCorrispettiviXml(corrispettiviXml(close));
    expect(record).toEqual({ ...close, closedAt: '2026-06-12T20:47:00+02:00' });
  });

  it('reads a file as the tax office portal gives it: prefixed namespace, signature, CRLF, several groups of one rate', () => {
    const xml = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\r
<ns2:DatiCorrispettivi xmlns:ns2="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/corrispettivi/dati/v1.0" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" versione="COR10">\r
<Trasmissione><Progressivo>0042</Progressivo><Formato>COR10</Formato><Dispositivo><Tipo>RT</Tipo><IdDispositivo>80E12345678</IdDispositivo></Dispositivo><CodiceFiscaleEsercente>01234567890</CodiceFiscaleEsercente></Trasmissione>\r
<DataOraRilevazione>2026-01-15T20:05:31</DataOraRilevazione>\r
<DatiRT>\r
<Riepilogo><IVA><AliquotaIVA>22.00</AliquotaIVA><Imposta>22.00</Imposta></IVA><Ammontare>125.00</Ammontare><ImportoParziale>100.00</ImportoParziale><TotaleAmmontareResi>20.00</TotaleAmmontareResi><TotaleAmmontareAnnulli>5.00</TotaleAmmontareAnnulli><CodiceAttivita>477110</CodiceAttivita></Riepilogo>\r
<Riepilogo><IVA><AliquotaIVA>22.00</AliquotaIVA><Imposta>2.20</Imposta></IVA><Ammontare>10.00</Ammontare><ImportoParziale>10.00</ImportoParziale><CodiceAttivita>477120</CodiceAttivita></Riepilogo>\r
<Riepilogo><Natura>N2</Natura><Ammontare>3.50</Ammontare><ImportoParziale>3.50</ImportoParziale></Riepilogo>\r
<Totali><NumeroDocCommerciali>12</NumeroDocCommerciali><PagatoContanti>60.00</PagatoContanti><PagatoElettronico>77.70</PagatoElettronico></Totali>\r
</DatiRT>\r
<ds:Signature><ds:SignedInfo/></ds:Signature>\r
</ns2:DatiCorrispettivi>`;
    expect(parseCorrispettiviXml(corrispettiviText(new TextEncoder().encode(xml)))).toEqual({
      deviceSerial: '80E12345678',
      businessDate: '2026-01-15',
      closedAt: '2026-01-15T20:05:00+01:00',
      closeNumber: 42,
      totalCents: 13_770,
      documentsCount: 12,
      returnsCents: 2_000,
      cancellationsCents: 500,
      electronicPaymentsCents: 7_770,
      vatBreakdown: [
        { vatRate: 2200, taxableCents: 11_000, taxCents: 2_420 },
        { vatRate: 0, taxableCents: 350, taxCents: 0 },
      ],
    });
  });

  it('finds the XML inside a signed .p7m envelope', () => {
    const xml = corrispettiviXml(close);
    const envelope = new Uint8Array([
      0x30,
      0x80,
      0x06,
      0x09,
      0x2a,
      0x86,
      ...new TextEncoder().encode(xml),
      0xa0,
      0x00,
      0x31,
    ]);
    expect(parseCorrispettiviXml(corrispettiviText(envelope)).closeNumber).toBe(512);
  });

  it('says which element is missing or unreadable', () => {
    const xml = corrispettiviXml(close);
    expect(problemOf('%PDF-1.7 not xml')).toEqual({ kind: 'notCorrispettivi' });
    expect(problemOf('<Fattura><Numero>1</Numero></Fattura>')).toEqual({ kind: 'notCorrispettivi' });
    expect(problemOf(xml.replace('<Progressivo>512</Progressivo>', ''))).toEqual({
      kind: 'field',
      field: 'Trasmissione/Progressivo',
    });
    expect(
      problemOf(xml.replace('<IdDispositivo>99MEX012345</IdDispositivo>', '<IdDispositivo></IdDispositivo>')),
    ).toEqual({
      kind: 'field',
      field: 'Trasmissione/Dispositivo/IdDispositivo',
    });
    expect(problemOf(xml.replace(/<DataOraRilevazione>[^<]*</, '<DataOraRilevazione>15/06/2026 20:47<'))).toEqual({
      kind: 'field',
      field: 'DataOraRilevazione',
    });
    expect(problemOf(xml.replace('<Imposta>1324.35</Imposta>', '<Imposta>1.324,35</Imposta>'))).toEqual({
      kind: 'field',
      field: 'DatiRT/Riepilogo/IVA/Imposta',
    });
    expect(problemOf(xml.replace(/<ImportoParziale>13243.54</, '<ImportoParziale>13243,54<'))).toEqual({
      kind: 'field',
      field: 'DatiRT/Riepilogo/ImportoParziale',
    });
    expect(problemOf(xml.replace(/<NumeroDocCommerciali>\d+/, '<NumeroDocCommerciali>-3'))).toEqual({
      kind: 'field',
      field: 'DatiRT/Totali/NumeroDocCommerciali',
    });
    expect(problemOf(xml.replace(/<Riepilogo>[\s\S]*<\/Riepilogo>/, ''))).toEqual({
      kind: 'field',
      field: 'DatiRT/Riepilogo',
    });
  });

  it('refuses a DOCTYPE or an entity before parsing, so no entity is ever expanded', () => {
    const xml = corrispettiviXml(close);
    const laughs = '<!DOCTYPE d [<!ENTITY a "haha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    expect(problemOf(xml.replace('?>', `?>${laughs}`))).toEqual({ kind: 'doctype' });
    expect(problemOf(`<!doctype DatiCorrispettivi SYSTEM "file:///etc/passwd">${xml}`)).toEqual({ kind: 'doctype' });
    expect(problemOf(xml.replace('?>', '?><! ENTITY x "y">'))).toEqual({ kind: 'doctype' });
  });

  it('gives back every close it is given, whatever the figures (property)', () => {
    const group = fc.record({
      vatRate: fc.constantFrom(2200, 1000, 500, 400),
      taxableCents: fc.integer({ min: -50_000, max: 50_000_000 }),
      taxCents: fc.integer({ min: -10_000, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(group, { minLength: 1, maxLength: 4, selector: (entry) => entry.vatRate }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T20:00:00Z'), noInvalidDate: true }),
        (vatBreakdown, closeNumber, documentsCount, returnsCents, cancellationsCents, at) => {
          const closedAt = `${at.toISOString().slice(0, 16)}:00Z`;
          const sorted = [...vatBreakdown].sort((a, b) => b.vatRate - a.vatRate);
          const totalCents = sorted.reduce((sum, entry) => sum + entry.taxableCents + entry.taxCents, 0);
          const record: FiscalCloseRecord = {
            deviceSerial: '72MEX000001',
            businessDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(closedAt)),
            closedAt,
            closeNumber,
            totalCents,
            documentsCount,
            returnsCents,
            cancellationsCents,
            electronicPaymentsCents: Math.max(0, totalCents),
            vatBreakdown: sorted,
          };
          const parsed = parseCorrispettiviXml(corrispettiviXml(record));
          expect({ ...parsed, closedAt: new Date(parsed.closedAt).toISOString() }).toEqual({
            ...record,
            closedAt: new Date(closedAt).toISOString(),
          });
        },
      ),
    );
  });
});
