// The FatturaPA writer against the newest official schema in ../shared/samples/fatturapa (v1.2.3, with its W3C
// signature schema beside it), which `npm test` cannot read: a company, a private customer and a foreign one, each
// valid for xmllint (Debian's libxml2-utils). The API tests validate the same against the schema an npm package ships.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FatturaCustomer, type FatturaInput, fatturaXml } from './invoices.fatturapa';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');
const samples = path.join(
  process.env.BOTTEGA_SAMPLES_DIR ?? path.join(repositoryRoot, '..', 'shared', 'samples'),
  'fatturapa',
);
const folder = mkdtempSync(path.join(tmpdir(), 'fatturapa-samples-'));

function schemaErrors(xml: string): string | null {
  const file = path.join(folder, `invoice-${Date.now()}-${Math.random()}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync(
      'xmllint',
      ['--nonet', '--noout', '--schema', path.join(samples, 'Schema_FatturaPA_v1.2.3.xsd'), file],
      {
        stdio: 'pipe',
      },
    );
    return null;
  } catch (error) {
    return (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
  }
}

const address = { street: 'Via Torino', streetNumber: '12', cap: '20123', city: 'Milano', province: 'MI', state: 'IT' };

function invoice(customer: Partial<FatturaCustomer>): FatturaInput {
  return {
    seller: {
      name: 'Bottega Moda S.r.l.',
      vatNumber: '08712340150',
      address: 'Via Manzoni 14',
      cap: '20121',
      city: 'Milano',
      province: 'MI',
      country: 'IT',
    },
    customer: {
      customerType: 'person',
      name: 'Mario',
      surname: 'Rossi',
      fiscalCode: '',
      vatNumber: '',
      sdiCode: '',
      pec: '',
      ...address,
      ...customer,
    },
    lines: [
      { description: 'Camicia di lino', quantity: 2, subtotalCents: 3000, vatRate: 2200 },
      { description: 'Libro', quantity: 1, subtotalCents: 1000, vatRate: 400 },
    ],
    number: 7,
    year: 2026,
    date: '2026-11-26',
    receipt: { receiptNumber: 12, registerCode: 'CASSA1', receiptDate: '2026-11-25' },
  };
}

describe('FatturaPA against the official schema v1.2.3', () => {
  it('is valid for a company, a private customer with codice fiscale and a foreign customer', () => {
    const company = fatturaXml(
      invoice({
        customerType: 'company',
        name: 'Rossi & Figli S.r.l.',
        surname: '',
        vatNumber: '10945670965',
        sdiCode: 'M5UXCR1',
      }),
    );
    const person = fatturaXml(invoice({ fiscalCode: 'RSSMRA85T10A562S', pec: 'mario.rossi@pec.example.it' }));
    const foreign = fatturaXml(
      invoice({
        name: 'Hans',
        surname: 'Müller',
        street: 'Unter den Linden',
        cap: '10117',
        city: 'Berlin',
        province: '',
        state: 'DE',
      }),
    );
    expect(schemaErrors(company)).toBeNull();
    expect(schemaErrors(person)).toBeNull();
    expect(schemaErrors(foreign)).toBeNull();
  });
});
