// The ranking portal's CSV (issue 23): a header line, then one line per position — period (YYYY-MM), name (the shop's
// name or business id, or one of its competitors' names), position (1–999), score (optional whole number). Spreadsheets
// save it with `;` (Italian Excel) or `,`, with or without a UTF-8 BOM and with Windows line ends; names are matched
// without regard to case, accents or repeated spaces. The file is read whole and judged whole: every bad line is
// reported with its number, and a file with any bad line imports nothing.
import { isTypedText } from '@bottega/contracts/common';
import { isoMonthSchema } from '@bottega/contracts/dates';
import type { ValidationRule } from '@bottega/contracts/errors';
import { rankPositionMax, rankPositionMin } from '@bottega/contracts/rankings';
import { type CsvFileRecord, CsvFileUnreadable, readCsvFile } from '../../platform/csv-file';

/** More lines than a portal ever sends for one shop (a competitor a month for decades). */
export const rankingFileMaximumLines = 5000;

type Column = 'period' | 'name' | 'position' | 'score';

/** The header names each column is known by, in the five languages' usual words, compared as normalised. */
const headerNames: Record<Column, string[]> = {
  period: ['period', 'periodo', 'mese', 'month', 'monat', 'zeitraum', 'период', 'месец', 'الفترة', 'الشهر'],
  name: ['name', 'nome', 'negozio', 'shop', 'competitor', 'concorrente', 'име', 'الاسم'],
  position: ['position', 'posizione', 'rank', 'rang', 'platz', 'позиция', 'المركز', 'الترتيب'],
  score: ['score', 'punteggio', 'valore', 'value', 'vendite', 'sales', 'punkte', 'резултат', 'النتيجة'],
};
const requiredColumns: Column[] = ['period', 'name', 'position'];

export type RankingFileSubjects = {
  shop: { name: string; code: string };
  competitors: { id: number; name: string }[];
};

export type RankingFileRow = {
  line: number;
  period: string;
  /** null: the shop itself. */
  competitorId: number | null;
  position: number;
  score: number | null;
};

export type RankingFileProblem = { line: number; rule: ValidationRule; params?: Record<string, unknown> };

/** Why a file cannot be read at all (as opposed to lines that are wrong). */
export class RankingFileUnreadable extends Error {
  constructor(readonly reason: 'encoding' | 'quoting' | 'header' | 'empty' | 'tooManyLines') {
    super(reason);
  }
}

/** A name as compared: without accents, case and repeated spaces ("Città  Moda" = "citta moda"). */
export function normaliseRankingName(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it').replace(/\s+/g, ' ').trim();
}

function locateColumns(header: string[]): Record<Column, number | undefined> {
  const names = header.map(normaliseRankingName);
  const find = (column: Column) => {
    const index = names.findIndex((name) => headerNames[column].includes(name));
    return index === -1 ? undefined : index;
  };
  const columns = { period: find('period'), name: find('name'), position: find('position'), score: find('score') };
  if (requiredColumns.some((column) => columns[column] === undefined)) throw new RankingFileUnreadable('header');
  return columns;
}

function readWholeNumber(value: string, min: number, max: number): number | undefined {
  if (!/^\d{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/**
 * Reads the file against the shop and its competitors: the rows when every line is good, otherwise every problem
 * (a line may have several). Lines whose every cell is empty are skipped; extra columns are ignored.
 */
export function parseRankingFile(
  bytes: Uint8Array,
  subjects: RankingFileSubjects,
): { rows: RankingFileRow[]; problems: RankingFileProblem[] } {
  let records: CsvFileRecord[];
  try {
    records = readCsvFile(bytes, { maximumRecords: rankingFileMaximumLines });
  } catch (error) {
    if (error instanceof CsvFileUnreadable) throw new RankingFileUnreadable(error.reason);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw new RankingFileUnreadable('empty');
  if (body.length > rankingFileMaximumLines) throw new RankingFileUnreadable('tooManyLines');
  const columns = locateColumns(header.record);

  const names = new Map<string, number | null>();
  for (const competitor of subjects.competitors) names.set(normaliseRankingName(competitor.name), competitor.id);
  // The shop is known by its name and its business id; they win over a competitor of the same name.
  names.set(normaliseRankingName(subjects.shop.name), null);
  names.set(normaliseRankingName(subjects.shop.code), null);

  const rows: RankingFileRow[] = [];
  const problems: RankingFileProblem[] = [];
  const seen = new Map<string, number>();
  for (const { record, line } of body) {
    if (record.every((cell) => cell === '')) continue;
    const cell = (column: Column) => {
      const index = columns[column];
      return index === undefined ? '' : (record[index] ?? '');
    };
    const before = problems.length;

    const period = cell('period');
    if (!isoMonthSchema.safeParse(period).success) problems.push({ line, rule: 'rankingPeriod' });

    const name = cell('name');
    let competitorId: number | null | undefined;
    if (!isTypedText(name) || [...name].length > 200) {
      problems.push({ line, rule: 'textCharacters' });
    } else {
      competitorId = names.get(normaliseRankingName(name));
      if (competitorId === undefined) problems.push({ line, rule: 'rankingUnknownName', params: { name } });
    }

    const position = readWholeNumber(cell('position'), rankPositionMin, rankPositionMax);
    if (position === undefined) {
      problems.push({ line, rule: 'rankingPosition', params: { min: rankPositionMin, max: rankPositionMax } });
    }

    const scoreText = cell('score');
    const score = scoreText === '' ? null : readWholeNumber(scoreText, 0, 1_000_000_000);
    if (score === undefined) problems.push({ line, rule: 'rankingScore' });

    if (problems.length > before || competitorId === undefined || position === undefined || score === undefined) {
      continue;
    }
    const key = `${period}/${competitorId ?? 'shop'}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({ line, rule: 'rankingDuplicate', params: { line: earlier, name } });
      continue;
    }
    seen.set(key, line);
    rows.push({ line, period, competitorId, position, score });
  }
  return { rows, problems };
}
