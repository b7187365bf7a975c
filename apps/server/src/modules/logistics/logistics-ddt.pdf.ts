// The documento di trasporto of a processed file, as a PDF (pdf-lib). What D.P.R. 472/1996 art. 1 and D.P.R.
// 627/1978 ask of it: number and date, sender and recipient with their VAT numbers and addresses, the place of
// destination, the reason for transport, who carries the goods (and the carrier), the goods with their quantities, the
// appearance of the goods, packages and weight, notes, and the signatures. A DDT is an Italian legal document: it is
// printed in Italian whoever downloads it (texts in locales/it/logistics-files.json).
// The PDF's standard fonts write WinAnsi only: a name in Arabic or Cyrillic letters is printed with its Latin letters
// kept, accents folded where they can be, and every other letter as "?", rather than failing the download.
import { formatDate } from '@bottega/contracts/dates';
import type { LogisticsFile, LogisticsSide } from '@bottega/contracts/logistics';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { translate } from '../../platform/i18n';

const t = (key: string, params?: Record<string, unknown>) => translate('it', `logistics-files:ddt.${key}`, params);

/** The characters of Windows-1252 above ASCII that are not Latin-1. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can write: Latin-1 and Windows-1252's extras; accents folded, the rest "?". */
export function winAnsiText(value: string): string {
  let result = '';
  for (const character of value.replace(/[\r\n\t]+/g, ' ')) {
    const code = character.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(character)) {
      result += character;
      continue;
    }
    const folded = character.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    result += /^[\x20-\x7e]+$/.test(folded) ? folded : '?';
  }
  return result;
}

const pageSize: [number, number] = [595.28, 841.89];
const margin = 36;
const black = rgb(0, 0, 0);
const grey = rgb(0.35, 0.35, 0.35);

type Fonts = { regular: PDFFont; bold: PDFFont };

/** Cuts text to fit a width, with an ellipsis. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  const clean = winAnsiText(text);
  if (font.widthOfTextAtSize(clean, size) <= width) return clean;
  let cut = clean;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Words over as many lines as needed, at most `maxLines`. */
function wrap(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const words = winAnsiText(text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) current = candidate;
    else {
      if (current !== '') lines.push(current);
      current = fit(word, font, size, width);
    }
  }
  if (current !== '') lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = fit(`${kept[maxLines - 1]} …`, font, size, width);
    return kept;
  }
  return lines;
}

function box(page: PDFPage, x: number, top: number, width: number, height: number) {
  page.drawRectangle({ x, y: top - height, width, height, borderColor: black, borderWidth: 0.6 });
}

function label(page: PDFPage, fonts: Fonts, text: string, x: number, y: number) {
  page.drawText(winAnsiText(text.toUpperCase()), { x, y, size: 6.5, font: fonts.regular, color: grey });
}

function sideLines(side: LogisticsSide): string[] {
  const place = [side.cap, side.city, side.province ? `(${side.province})` : ''].filter(Boolean).join(' ');
  return [
    side.companyName && side.type !== 'supplier' && side.companyName !== side.name
      ? `${side.companyName} - ${side.name}`
      : side.name,
    side.address,
    [place, side.country !== 'IT' ? side.country : ''].filter(Boolean).join(' '),
    side.vatNumber ? t('vatNumber', { vatNumber: side.vatNumber }) : '',
  ].filter((line) => line !== '');
}

function sideBox(page: PDFPage, fonts: Fonts, title: string, lines: string[], x: number, top: number, width: number) {
  box(page, x, top, width, 70);
  label(page, fonts, title, x + 4, top - 9);
  lines.slice(0, 4).forEach((line, index) => {
    page.drawText(fit(line, index === 0 ? fonts.bold : fonts.regular, 9, width - 8), {
      x: x + 4,
      y: top - 22 - index * 12,
      size: 9,
      font: index === 0 ? fonts.bold : fonts.regular,
    });
  });
}

function field(page: PDFPage, fonts: Fonts, title: string, value: string, x: number, top: number, width: number) {
  box(page, x, top, width, 26);
  label(page, fonts, title, x + 4, top - 9);
  page.drawText(fit(value, fonts.regular, 9, width - 8), { x: x + 4, y: top - 21, size: 9, font: fonts.regular });
}

const columns = [
  { key: 'code', width: 95 },
  { key: 'description', width: 255 },
  { key: 'lot', width: 90 },
  { key: 'quantity', width: 83.28 },
] as const;
const rowHeight = 13;

function tableHeader(page: PDFPage, fonts: Fonts, top: number) {
  let x = margin;
  page.drawRectangle({
    x: margin,
    y: top - rowHeight - 2,
    width: pageSize[0] - 2 * margin,
    height: rowHeight + 2,
    color: rgb(0.9, 0.9, 0.9),
  });
  for (const column of columns) {
    page.drawText(winAnsiText(t(`columns.${column.key}`)), { x: x + 3, y: top - 11, size: 8, font: fonts.bold });
    x += column.width;
  }
}

export async function ddtPdf(file: LogisticsFile): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const number = file.documentNumber ?? '';
  const date = formatDate(file.documentDate ?? file.date);
  pdf.setTitle(winAnsiText(t('title', { number, date })));
  pdf.setCreator('Bottega');
  pdf.setProducer('Bottega');
  pdf.setLanguage('it-IT');
  const width = pageSize[0] - 2 * margin;
  const pages: PDFPage[] = [];

  const newPage = (first: boolean): number => {
    const page = pdf.addPage(pageSize);
    pages.push(page);
    let top = pageSize[1] - margin;
    page.drawText(winAnsiText(t('heading')), { x: margin, y: top - 14, size: 14, font: fonts.bold });
    page.drawText(winAnsiText(t('law')), { x: margin, y: top - 26, size: 7, font: fonts.regular, color: grey });
    const numberText = winAnsiText(t('number', { number, date }));
    page.drawText(numberText, {
      x: pageSize[0] - margin - fonts.bold.widthOfTextAtSize(numberText, 11),
      y: top - 14,
      size: 11,
      font: fonts.bold,
    });
    top -= 38;
    if (!first) return top;
    const half = (width - 8) / 2;
    sideBox(page, fonts, t('sender'), sideLines(file.from), margin, top, half);
    sideBox(page, fonts, t('recipient'), sideLines(file.to), margin + half + 8, top, half);
    top -= 78;
    const destination = [file.to.address, [file.to.cap, file.to.city, file.to.province && `(${file.to.province})`]]
      .flat()
      .filter(Boolean)
      .join(' ');
    field(page, fonts, t('destination'), destination || file.to.name, margin, top, width);
    top -= 30;
    const third = (width - 16) / 3;
    const carriedBy = t(`carriedBy.${file.carriedBy}`);
    field(page, fonts, t('reason'), t(`reasons.${file.transportReason}`), margin, top, third);
    field(page, fonts, t('carriedByLabel'), carriedBy, margin + third + 8, top, third);
    field(page, fonts, t('carrier'), file.carrierName, margin + 2 * (third + 8), top, third);
    top -= 30;
    const packages = file.packages === null ? '' : String(file.packages);
    const weight =
      file.weightGrams === null
        ? ''
        : `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 }).format(file.weightGrams / 1000)} kg`;
    field(page, fonts, t('appearance'), file.goodsAppearance, margin, top, third);
    field(page, fonts, t('packages'), packages, margin + third + 8, top, third);
    field(page, fonts, t('weight'), weight, margin + 2 * (third + 8), top, third);
    top -= 30;
    if (file.kind === 'inFile' && file.supplierDocumentNumber !== '') {
      const supplierDate = file.supplierDocumentDate ? formatDate(file.supplierDocumentDate) : '';
      field(
        page,
        fonts,
        t('supplierDocument'),
        t('number', { number: file.supplierDocumentNumber, date: supplierDate }),
        margin,
        top,
        width,
      );
      top -= 30;
    }
    return top - 6;
  };

  // The signatures and the notes need this much room under the last line of goods.
  const footerHeight = 120;
  let top = newPage(true);
  tableHeader(page(pages), fonts, top);
  top -= rowHeight + 4;
  for (const line of file.lines) {
    if (top - rowHeight < margin + 20) {
      top = newPage(false);
      tableHeader(page(pages), fonts, top);
      top -= rowHeight + 4;
    }
    let x = margin;
    const current = page(pages);
    const cells = [line.productCode, line.description, line.lot, new Intl.NumberFormat('it-IT').format(line.quantity)];
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      const text = fit(cell, fonts.regular, 8.5, column.width - 6);
      const alignRight = column.key === 'quantity';
      current.drawText(text, {
        x: alignRight ? x + column.width - 3 - fonts.regular.widthOfTextAtSize(text, 8.5) : x + 3,
        y: top - 10,
        size: 8.5,
        font: fonts.regular,
      });
      x += column.width;
    });
    current.drawLine({
      start: { x: margin, y: top - rowHeight },
      end: { x: margin + width, y: top - rowHeight },
      thickness: 0.2,
      color: grey,
    });
    top -= rowHeight;
  }
  const totalText = winAnsiText(
    t('total', { lines: file.lineCount, quantity: new Intl.NumberFormat('it-IT').format(file.totalQuantity) }),
  );
  if (top - footerHeight - 16 < margin) top = newPage(false);
  const last = page(pages);
  last.drawText(totalText, {
    x: margin + width - fonts.bold.widthOfTextAtSize(totalText, 9),
    y: top - 12,
    size: 9,
    font: fonts.bold,
  });
  top -= 20;
  box(last, margin, top, width, 44);
  label(last, fonts, t('notes'), margin + 4, top - 9);
  wrap(file.notes, fonts.regular, 8.5, width - 8, 3).forEach((text, index) => {
    last.drawText(text, { x: margin + 4, y: top - 20 - index * 10, size: 8.5, font: fonts.regular });
  });
  top -= 52;
  const third = (width - 16) / 3;
  (['senderSignature', 'carrierSignature', 'recipientSignature'] as const).forEach((key, index) => {
    const x = margin + index * (third + 8);
    box(last, x, top, third, 50);
    label(last, fonts, t(key), x + 4, top - 9);
  });
  pages.forEach((current, index) => {
    const text = winAnsiText(t('page', { page: index + 1, pages: pages.length }));
    current.drawText(text, {
      x: pageSize[0] - margin - fonts.regular.widthOfTextAtSize(text, 7),
      y: margin - 14,
      size: 7,
      font: fonts.regular,
      color: grey,
    });
  });
  return pdf.save();
}

function page(pages: PDFPage[]): PDFPage {
  const last = pages[pages.length - 1];
  if (!last) throw new Error('the DDT has no page');
  return last;
}

/** The DDT's file name: DDT-12-DDT-2026.pdf. */
export function ddtFileName(file: LogisticsFile): string {
  const number = (file.documentNumber ?? String(file.id)).replace(/[^A-Za-z0-9-]+/g, '-');
  return `DDT-${number}-${(file.documentDate ?? file.date).slice(0, 4)}.pdf`;
}
