// The public CAMT.053 files of ../shared/samples/camt053 (OCA bank-statement-import, genkgo/camt) through the parser:
// each file's outcome is stated, an import with its figures or a refusal with its reason. There is no public CBI RH
// sample (see ../shared/samples/README.md); the CBI parser is tested on a hand-built flow in the unit tests.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankStatementError, type BankStatementProblem, parseBankStatement } from './bank-statement';
import { parseCamt053 } from './camt053';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');
const samples = path.join(
  process.env.BOTTEGA_SAMPLES_DIR ?? path.join(repositoryRoot, '..', 'shared', 'samples'),
  'camt053',
);
const read = (file: string) => new Uint8Array(readFileSync(path.join(samples, file)));

function problemOf(file: string): BankStatementProblem | undefined {
  try {
    parseBankStatement(read(file));
    return undefined;
  } catch (error) {
    if (error instanceof BankStatementError) return error.problem;
    throw error;
  }
}

describe('CAMT.053 samples', () => {
  it('covers every file of the folder', () => {
    expect(readdirSync(samples).sort()).toEqual([
      'camt053.v2.multi.statement.xml',
      'camt053.v8.xml',
      'oca_test-camt053-txdtls.xml',
      'oca_test-camt053.xml',
    ]);
  });

  it('oca_test-camt053-txdtls.xml (v04, CHF): one batched credit of two BVR payments, accented text', () => {
    const statements = parseBankStatement(read('oca_test-camt053-txdtls.xml'));
    expect(statements).toEqual([
      {
        format: 'camt053',
        statementId: '20170323123456789012345',
        account: 'CH1111000000123456789',
        currency: 'CHF',
        openingDate: '2017-03-22',
        closingDate: '2017-03-23',
        openingCents: 7_596_015,
        closingCents: 7_944_315,
        entries: [
          {
            line: 53,
            bankReference: '20170323001234567891234567891234',
            bookingDate: '2017-03-22',
            valueDate: '2017-03-23',
            // 2,187.00 + 1,296.00 in one entry: the two TxDtls are not two entries.
            amountCents: 348_300,
            description:
              '302388292000011111111111111 302388292000022222222222222 CRÉDIT GROUPÉ BVR TRAITEMENT DU 22.03.2017 NUMÉRO CLIENT 01-70884-3 PAQUET ID: 123456CHCAFEBABE',
            counterparty: 'Banque Cantonale Vaudoise',
          },
        ],
      },
    ]);
  });

  it('camt053.v2.multi.statement.xml (v02, EUR): two statements in one message', () => {
    const statements = parseBankStatement(read('camt053.v2.multi.statement.xml'));
    expect(
      statements.map((statement) => [statement.statementId, statement.openingCents, statement.closingCents]),
    ).toEqual([
      ['253EURNL26VAYB8060476890', 1_815, 2_700],
      ['254EURNL26VAYB8060476890', 2_700, 2_000],
    ]);
    expect(statements.every((statement) => statement.account === 'NL26VAYB8060476890')).toBe(true);
    expect(statements.flatMap((statement) => statement.entries)).toEqual([
      {
        line: 66,
        bankReference: null,
        bookingDate: '2014-12-31',
        valueDate: '2015-01-02',
        amountCents: 885,
        description: 'Transaction Description 1',
        // A credit names only its creditor (the account holder's side): no counterparty.
        counterparty: null,
      },
      {
        line: 145,
        bankReference: null,
        bookingDate: '2014-12-31',
        valueDate: '2015-01-02',
        amountCents: -700,
        description: 'Transaction Description 2',
        counterparty: 'Company Name 2',
      },
    ]);
  });

  it('camt053.v8.xml (v08, balances in EUR/SEK/CHF/JPY): refused at its closing balance in SEK', () => {
    // The statement is in EUR (its opening balance's currency, no Acct/Ccy); its CLBD is in SEK. See parseCamt053.
    expect(problemOf('camt053.v8.xml')).toEqual({ kind: 'field', line: 74, field: 'Bal/Amt/@Ccy' });
  });

  it('oca_test-camt053.xml (v02, EUR): refused, its entries do not lead to its closing balance', () => {
    // 15,568.27 − 754.25 − 664.05 + 1,405.31 = 15,555.28, but the file's CLBD is 15,121.12.
    expect(problemOf('oca_test-camt053.xml')).toEqual({
      kind: 'unbalanced',
      statementId: '1234Test/1',
      openingCents: 1_556_827,
      movementsCents: -1_299,
      closingCents: 1_512_112,
    });
    // Read without the balance check, its batched direct debit (2 TxDtls, 564.05 + 100.00) is still one entry.
    const [statement] = parseCamt053(read('oca_test-camt053.xml'));
    expect(statement?.entries.map((entry) => [entry.line, entry.amountCents, entry.counterparty])).toEqual([
      [50, -75_425, 'INSURANCE COMPANY TESTX'],
      [113, -66_405, 'Test Customer'],
      [228, 140_531, '3rd party Media'],
    ]);
    expect(statement?.entries[1]?.description).toBe(
      'Direct Debit S14 0410 Direct debit S14 0410 AC07 Rek.nummer blokkade TESTBANK/NL/20141229/01206408',
    );
  });
});
