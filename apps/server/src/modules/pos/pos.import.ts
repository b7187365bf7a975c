// What an imported settlement file becomes: each row given to the shop its merchant code names, with the fingerprint
// that makes a second import of the same rows add nothing. Pure rules, read by the import job (pos.jobs.ts).
import { createHash } from 'node:crypto';
import type { PosSettlementRow } from '../../integrations/pos/pos-settlement';

export type PosImportEntry = Omit<PosSettlementRow, 'line'> & { shopId: number; fingerprint: string };

/**
 * The fingerprints of a file's rows, in the file's order: sha256 of merchant, terminal, date, amount, state and
 * authorisation code, with the row's repeat number among the identical rows before it in the same file. Two identical
 * rows of one file (a refused card tried twice has no code) are two transactions and both kept; the same file, or a
 * later export of the same days, read again gives the same fingerprints and so adds nothing.
 */
export function fingerprintRows(rows: readonly Omit<PosSettlementRow, 'line'>[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const identity = JSON.stringify([
      row.merchantCode,
      row.terminal,
      row.date,
      row.amountCents,
      row.state,
      row.authorisationCode,
    ]);
    const repeat = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, repeat);
    return createHash('sha256').update(`${identity}#${repeat}`).digest('hex');
  });
}

/**
 * The rows given to the shops by merchant code (`shopsByMerchant`), fingerprinted; the rows of codes no shop has are
 * left out and counted per code, in the order the file first names them.
 */
export function assignToShops(
  rows: readonly PosSettlementRow[],
  shopsByMerchant: ReadonlyMap<string, number>,
): { entries: PosImportEntry[]; unknownMerchants: { merchantCode: string; rows: number }[] } {
  const fingerprints = fingerprintRows(rows);
  const entries: PosImportEntry[] = [];
  const unknown = new Map<string, number>();
  for (const [index, { line: _line, ...row }] of rows.entries()) {
    const shopId = shopsByMerchant.get(row.merchantCode);
    if (shopId === undefined) unknown.set(row.merchantCode, (unknown.get(row.merchantCode) ?? 0) + 1);
    else entries.push({ ...row, shopId, fingerprint: fingerprints[index] as string });
  }
  return {
    entries,
    unknownMerchants: [...unknown].map(([merchantCode, count]) => ({ merchantCode, rows: count })),
  };
}

/** The first and last day a file's rows name (null for a file with a header only). */
export function dateRange(rows: readonly { date: string }[]): { firstDate: string | null; lastDate: string | null } {
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  for (const { date } of rows) {
    if (firstDate === null || date < firstDate) firstDate = date;
    if (lastDate === null || date > lastDate) lastDate = date;
  }
  return { firstDate, lastDate };
}
