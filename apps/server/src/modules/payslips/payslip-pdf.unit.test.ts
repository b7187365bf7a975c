import { checkFiscalCode, fiscalCodeCheckCharacter } from '@bottega/contracts/italian-identifiers';
import { describe, expect, it } from 'vitest';
import { extractPages, fiscalCodesIn, loadPdf, planSplit, readPages, vatNumbersIn } from './payslip-pdf';
import { generateConsultantFile, madeUpEmployees, madeUpFiscalCode } from './payslip-pdf.generator';

const company = { name: 'Bottega Moda S.r.l.', vatNumber: '08712340150' };
const otherCompany = { name: 'Bottega Casa S.p.A.', vatNumber: '10945670965' };

describe('fiscalCodesIn', () => {
  it('finds each valid code once, omocodia included, whatever the case, and nothing that fails its check', () => {
    // The same person's code with omocodia: the last digit written as a letter (5 → R), its check character again.
    const omocode = `RSSMRC90H21F20R${fiscalCodeCheckCharacter('RSSMRC90H21F20R')}`;
    const text = `C.F. rssmrc90h21f205t e poi RSSMRC90H21F205T, omocodia ${omocode}, errato RSSMRC90H21F205U`;
    expect(checkFiscalCode(omocode).valid).toBe(true);
    expect(fiscalCodesIn(text)).toEqual(['RSSMRC90H21F205T', omocode]);
    expect(fiscalCodesIn('P.IVA 08712340150 - nessun codice')).toEqual([]);
  });

  it('tells a partita IVA from any eleven digits by its check digit', () => {
    expect(vatNumbersIn('P.IVA 08712340150 - C.F. 08712340150, conto 12345678901, tel 021234567890')).toEqual([
      '08712340150',
    ]);
  });

  it('made-up people have valid and distinct codes', () => {
    const codes = Array.from({ length: 2000 }, (_, n) => madeUpFiscalCode(n));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => checkFiscalCode(code).valid)).toBe(true);
  });
});

describe('splitting a consultant file by codice fiscale', () => {
  it('gives each employee exactly their pages, and leaves out scans, pages of nobody and misprints', async () => {
    // The seventh employee's payslip was printed for the other company of the group.
    const employees = madeUpEmployees(9).map((employee, index) =>
      index === 6 ? { ...employee, company: otherCompany } : employee,
    );
    const elsewhere = employees[6]?.fiscalCode as string;
    const [misprint, stray, scanned] = [1, 3, 5].map((index) => employees[index]?.fiscalCode as string) as [
      string,
      string,
      string,
    ];
    const { pdf, owners } = await generateConsultantFile({
      company,
      month: 'NOVEMBRE 2026',
      employees,
      faults: [
        { kind: 'misprintedCode', fiscalCode: misprint },
        { kind: 'strayPage', after: stray },
        { kind: 'scannedPage', fiscalCode: scanned },
      ],
    });
    const readings = await readPages(pdf);
    expect(readings).toHaveLength(owners.length);
    const plan = planSplit(readings, { companyVatNumber: company.vatNumber });

    const misprintedPage = owners.lastIndexOf(misprint) + 1;
    const scannedPage = owners.indexOf(scanned) + 1;
    const strayPage = owners.indexOf(null) + 1;
    const elsewherePages = owners.flatMap((owner, index) => (owner === elsewhere ? [index + 1] : []));
    expect(plan.leftOut).toEqual(
      [
        { page: misprintedPage, reason: 'noFiscalCode' },
        { page: strayPage, reason: 'noFiscalCode' },
        { page: scannedPage, reason: 'noText' },
        ...elsewherePages.map((page) => ({ page, reason: 'otherCompany' })),
      ].sort((a, b) => a.page - b.page),
    );
    const expected = employees
      .map((employee) => ({
        fiscalCode: employee.fiscalCode,
        pages: owners
          .map((owner, index) => (owner === employee.fiscalCode ? index + 1 : 0))
          .filter(
            (page) => page > 0 && page !== misprintedPage && page !== scannedPage && !elsewherePages.includes(page),
          ),
      }))
      .filter((employee) => employee.pages.length > 0);
    expect(plan.employees).toEqual(expected);

    // Every page of every output carries its employee's code and nobody else's.
    const source = await loadPdf(pdf);
    for (const employee of plan.employees) {
      const output = await readPages(await extractPages(source, employee.pages));
      expect(output.map((page) => page.fiscalCodes)).toEqual(employee.pages.map(() => [employee.fiscalCode]));
    }
  });

  it('leaves out a page naming two employees rather than guessing whose it is', () => {
    const [first, second] = madeUpEmployees(2).map((employee) => employee.fiscalCode) as [string, string];
    const plan = planSplit(
      [
        { page: 1, hasText: true, fiscalCodes: [first], vatNumbers: [company.vatNumber] },
        { page: 2, hasText: true, fiscalCodes: [first, second], vatNumbers: [company.vatNumber] },
      ],
      { companyVatNumber: company.vatNumber },
    );
    expect(plan).toEqual({
      employees: [{ fiscalCode: first, pages: [1] }],
      leftOut: [{ page: 2, reason: 'severalFiscalCodes' }],
    });
  });

  it('takes the employer printed on every page for the employer, not an employee', () => {
    const owner = madeUpFiscalCode(77);
    const employee = madeUpFiscalCode(78);
    const plan = planSplit([{ page: 1, hasText: true, fiscalCodes: [owner, employee], vatNumbers: [] }], {
      companyVatNumber: company.vatNumber,
      employerCodes: [owner],
    });
    expect(plan.employees).toEqual([{ fiscalCode: employee, pages: [1] }]);
  });
});
