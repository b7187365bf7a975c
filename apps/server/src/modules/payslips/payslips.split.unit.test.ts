// The split's rules (payslips.split.ts): what each employee and each page nobody got becomes, by §5/§8.
import { describe, expect, it } from 'vitest';
import type { PageReading, SplitPlan } from './payslip-pdf';
import { draftItems, writesPayslip } from './payslips.split';

const reading = (page: number, vatNumbers: string[] = ['08712340150']): PageReading => ({
  page,
  hasText: true,
  fiscalCodes: [],
  vatNumbers,
});

const A = 'RSSMRA85T10A562S';
const B = 'BNCLRA84P48A794R';
const C = 'VRDPLA79A30L219S';

describe('draftItems', () => {
  it('gives each known employee a payslip, and reports a code of nobody we employ as not uploaded', () => {
    const plan: SplitPlan = {
      employees: [
        { fiscalCode: A, pages: [1, 2] },
        { fiscalCode: B, pages: [3] },
        { fiscalCode: C, pages: [4] },
      ],
      leftOut: [],
    };
    const items = draftItems({
      plan,
      readings: [1, 2, 3, 4].map((page) => reading(page)),
      employees: new Map([
        [A, 10],
        [B, 11],
      ]),
      existing: new Set(),
    });
    expect(items.map((item) => [item.fiscalCode, item.outcome, item.reason, item.userId])).toEqual([
      [A, 'payslip', null, 10],
      [B, 'payslip', null, 11],
      [C, 'notUploaded', 'unknownEmployee', null],
    ]);
    expect(items.filter(writesPayslip).map((item) => item.userId)).toEqual([10, 11]);
  });

  it('reports an employee who already has the period as already existing, and writes nothing for them', () => {
    const items = draftItems({
      plan: { employees: [{ fiscalCode: A, pages: [1] }], leftOut: [] },
      readings: [reading(1)],
      employees: new Map([[A, 10]]),
      existing: new Set([10]),
    });
    expect(items).toEqual([expect.objectContaining({ outcome: 'alreadyExists', userId: 10 })]);
    expect(items.filter(writesPayslip)).toEqual([]);
  });

  it('holds a code read on a single page next to a page of nobody (a misread or a scan), but not a one-page payslip among others', () => {
    const plan: SplitPlan = {
      employees: [
        { fiscalCode: A, pages: [1] },
        { fiscalCode: B, pages: [3] },
        { fiscalCode: C, pages: [4] },
        { fiscalCode: 'GLLLCU88T05H501K', pages: [6] },
      ],
      leftOut: [
        { page: 2, reason: 'noFiscalCode' },
        { page: 5, reason: 'severalFiscalCodes' },
      ],
    };
    const items = draftItems({
      plan,
      readings: [1, 2, 3, 4, 5, 6].map((page) => reading(page)),
      employees: new Map([
        [A, 1],
        [B, 2],
        [C, 3],
        ['GLLLCU88T05H501K', 4],
      ]),
      existing: new Set(),
    });
    // A (page 1) and B (page 3) touch page 2, which nobody has; C (4) sits between B and a page with two codes, which
    // is not a lost page of anybody's: delivered.
    expect(items.slice(0, 4).map((item) => [item.fiscalCode, item.outcome])).toEqual([
      [A, 'fiscalCodeOnce'],
      [B, 'fiscalCodeOnce'],
      [C, 'payslip'],
      ['GLLLCU88T05H501K', 'payslip'],
    ]);
    expect(items.filter(writesPayslip)).toHaveLength(4);
  });

  it('groups consecutive pages left out for the same reason, and names the employers of another company’s pages', () => {
    const plan: SplitPlan = {
      employees: [{ fiscalCode: A, pages: [1, 2] }],
      leftOut: [
        { page: 3, reason: 'otherCompany' },
        { page: 4, reason: 'otherCompany' },
        { page: 5, reason: 'noText' },
        { page: 6, reason: 'noText' },
        { page: 8, reason: 'noText' },
      ],
    };
    const items = draftItems({
      plan,
      readings: [
        reading(1),
        reading(2),
        reading(3, ['10945670965']),
        reading(4, ['10945670965', '00743110157']),
        reading(5, []),
        reading(6, []),
        reading(7),
        reading(8, []),
      ],
      employees: new Map([[A, 1]]),
      existing: new Set(),
    });
    expect(items.slice(1).map((item) => [item.outcome, item.reason, item.pages, item.vatNumbers])).toEqual([
      ['companyNotFound', null, [3, 4], ['10945670965', '00743110157']],
      ['notUploaded', 'noText', [5, 6], []],
      ['notUploaded', 'noText', [8], []],
    ]);
    expect(items.slice(1).filter(writesPayslip)).toEqual([]);
  });
});
