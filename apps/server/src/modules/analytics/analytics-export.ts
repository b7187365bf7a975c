// The sales report as a file: totals (the period and the year before), per shop and per day. CSV the way Italian Excel
// opens it (the receipts export's format: semicolons, decimal commas, the three tables one under the other); XLSX with
// one sheet each and money as numbers in euro format. Headings in the caller's language.

import {
  type BudgetAgainstActual,
  budgetShare,
  type SalesFigures,
  type SalesReport,
} from '@bottega/contracts/analytics';
import type { Language } from '@bottega/contracts/common';
import { formatDate } from '@bottega/contracts/dates';
import { translate } from '../../platform/i18n';
import { decimalComma, receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';

/** The figures' columns, in the order of every table; their kind says how a cell is written. */
const figureColumns = [
  ['takingsCents', 'money'],
  ['receipts', 'count'],
  ['averageReceiptCents', 'money'],
  ['pieces', 'count'],
  ['piecesPerReceipt', 'decimal'],
  ['returnsCount', 'count'],
  ['returnsCents', 'money'],
  ['discountCents', 'money'],
  ['cancelledCount', 'count'],
  ['cancelledCents', 'money'],
  ['cashCents', 'money'],
  ['creditCardCents', 'money'],
  ['bancomatCents', 'money'],
  ['voucherCents', 'money'],
  ['otherCents', 'money'],
] as const satisfies readonly (readonly [keyof SalesFigures, string])[];

type Kind = 'text' | 'money' | 'count' | 'decimal';
type Cell = { kind: Kind; value: string | number | null };
type Table = { sheet: string; headings: string[]; rows: Cell[][] };

const text = (value: string): Cell => ({ kind: 'text', value });
const money = (value: number): Cell => ({ kind: 'money', value });

function figureCells(figures: SalesFigures): Cell[] {
  return figureColumns.map(([key, kind]) => ({ kind, value: figures[key] }));
}

/** The budget and the share of it the budgeted days took, empty without a budget. */
function budgetCells(budget: BudgetAgainstActual | null): Cell[] {
  return [
    { kind: 'money', value: budget?.budgetCents ?? null },
    { kind: 'count', value: budgetShare(budget) },
  ];
}

/** The report's three tables, headings translated. */
export function salesReportTables(report: SalesReport, lng: Language): Table[] {
  const column = (key: string) => translate(lng, `analytics:export.columns.${key}`);
  const figureHeadings = figureColumns.map(([key]) => column(key));
  const budgetHeadings = [column('budgetCents'), column('budgetShare')];
  return [
    {
      sheet: translate(lng, 'analytics:export.sheets.totals'),
      headings: [column('period'), column('from'), column('to'), ...figureHeadings, ...budgetHeadings],
      rows: (
        [
          ['current', report.period, report.current, report.budget],
          ['previous', report.previousPeriod, report.previous, null],
        ] as const
      ).map(([key, period, figures, budget]) => [
        text(translate(lng, `analytics:export.${key}`)),
        text(formatDate(period.from)),
        text(formatDate(period.to)),
        ...figureCells(figures),
        ...budgetCells(budget),
      ]),
    },
    {
      sheet: translate(lng, 'analytics:export.sheets.shops'),
      headings: [
        column('shopCode'),
        column('shopName'),
        ...figureHeadings,
        column('previousTakingsCents'),
        ...budgetHeadings,
      ],
      rows: report.shops.map((shop) => [
        text(shop.shopCode),
        text(shop.shopName),
        ...figureCells(shop.current),
        money(shop.previous.takingsCents),
        ...budgetCells(shop.budget),
      ]),
    },
    {
      sheet: translate(lng, 'analytics:export.sheets.days'),
      headings: [
        column('date'),
        ...figureHeadings,
        column('previousDate'),
        column('previousTakingsCents'),
        column('budgetCents'),
      ],
      rows: report.days.map((day) => [
        text(formatDate(day.date)),
        ...figureCells(day),
        text(formatDate(day.previousDate)),
        money(day.previousTakingsCents),
        { kind: 'money', value: day.budgetCents },
      ]),
    },
  ];
}

function csvCell(cell: Cell): string {
  if (cell.value === null) return '';
  if (cell.kind === 'text') return spreadsheetText(String(cell.value));
  if (cell.kind === 'money') return decimalComma(Number(cell.value));
  return String(cell.value).replace('.', ',');
}

export async function salesReportFile(
  report: SalesReport,
  format: 'csv' | 'xlsx',
  lng: Language,
): Promise<{ bytes: Uint8Array; fileName: string; type: string }> {
  const tables = salesReportTables(report, lng);
  const base = `${translate(lng, 'analytics:export.fileName')}-${report.period.from}_${report.period.to}`;
  if (format === 'csv') {
    // One table under the other, each under its name, a blank row between them.
    const rows = tables.flatMap((table, index) => [
      ...(index > 0 ? [[]] : []),
      [spreadsheetText(table.sheet)],
      table.headings,
      ...table.rows.map((row) => row.map(csvCell)),
    ]);
    const bytes = Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows(rows)]);
    return { bytes, fileName: `${base}.csv`, type: 'text/csv; charset=utf-8' };
  }
  // Loaded on the first workbook asked for (as the first note's export): exceljs is a large tree.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  for (const table of tables) {
    const sheet = workbook.addWorksheet(table.sheet, {
      views: [{ state: 'frozen', ySplit: 1, rightToLeft: lng === 'ar' }],
    });
    sheet.addRow(table.headings).font = { bold: true };
    for (const row of table.rows) {
      const added = sheet.addRow(
        row.map((cell) => (cell.kind === 'money' && cell.value !== null ? Number(cell.value) / 100 : cell.value)),
      );
      row.forEach((cell, index) => {
        if (cell.kind === 'money') added.getCell(index + 1).numFmt = '"€" #,##0.00;-"€" #,##0.00';
        else if (cell.kind === 'decimal') added.getCell(index + 1).numFmt = '0.00';
      });
    }
    sheet.columns.forEach((column, index) => {
      column.width = Math.max(12, (table.headings[index] ?? '').length + 2);
    });
  }
  return {
    bytes: new Uint8Array(await workbook.xlsx.writeBuffer()),
    fileName: `${base}.xlsx`,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
