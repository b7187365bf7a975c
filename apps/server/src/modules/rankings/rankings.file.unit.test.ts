import { describe, expect, it } from 'vitest';
import {
  normaliseRankingName,
  parseRankingFile,
  RankingFileUnreadable,
  rankingFileMaximumLines,
} from './rankings.file';

const subjects = {
  shop: { name: 'Milano Duomo', code: 'MI01' },
  competitors: [
    { id: 11, name: 'Città Moda' },
    { id: 12, name: 'Stile Urbano' },
  ],
};
const encode = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => parseRankingFile(encode(text), subjects);
const reason = (text: string | Uint8Array) => {
  try {
    parseRankingFile(typeof text === 'string' ? encode(text) : text, subjects);
  } catch (error) {
    if (error instanceof RankingFileUnreadable) return error.reason;
    throw error;
  }
  return 'read';
};

describe('the ranking portal file', () => {
  it('reads the Italian export: `;`, a BOM, Windows line ends, Italian headers', () => {
    const file = '\uFEFFPeriodo;Nome;Posizione;Punteggio\r\n2026-09;Milano Duomo;3;8200\r\n2026-09;Città Moda;1;\r\n';
    expect(read(file)).toEqual({
      rows: [
        { line: 2, period: '2026-09', competitorId: null, position: 3, score: 8200 },
        { line: 3, period: '2026-09', competitorId: 11, position: 1, score: null },
      ],
      problems: [],
    });
  });

  it('reads the `,` export with English headers in another order and no score column', () => {
    const file = 'position,name,period\n2,stile urbano,2026-10\n5,MI01,2026-10\n';
    expect(read(file).rows).toEqual([
      { line: 2, period: '2026-10', competitorId: 12, position: 2, score: null },
      { line: 3, period: '2026-10', competitorId: null, position: 5, score: null },
    ]);
  });

  it('matches names without regard to case, accents and repeated spaces', () => {
    expect(normaliseRankingName('  CITTA\u0300   moda ')).toBe('citta moda');
    const file = 'period;name;position\n2026-09;CITTA MODA;4\n2026-09;milano  DUOMO;6\n';
    expect(read(file).rows.map((row) => row.competitorId)).toEqual([11, null]);
  });

  it('lists every bad line with its number and keeps none of its rows', () => {
    const file = [
      'period;name;position;score',
      '2026-09;Milano Duomo;3;',
      '2026-13;Città Moda;2;',
      '2026-09;Moda Rivale;0;',
      '2026-09;Stile Urbano;1000;abc',
      '',
      '2026-09;MI01;4;',
    ].join('\n');
    const { problems } = read(file);
    expect(problems).toEqual([
      { line: 3, rule: 'rankingPeriod' },
      { line: 4, rule: 'rankingUnknownName', params: { name: 'Moda Rivale' } },
      { line: 4, rule: 'rankingPosition', params: { min: 1, max: 999 } },
      { line: 5, rule: 'rankingPosition', params: { min: 1, max: 999 } },
      { line: 5, rule: 'rankingScore' },
      { line: 7, rule: 'rankingDuplicate', params: { line: 2, name: 'MI01' } },
    ]);
  });

  it('refuses negative, fractional and blank positions, and names with control characters', () => {
    const file =
      'period;name;position\n2026-09;Città Moda;-1\n2026-09;Stile Urbano;2,5\n2026-08;Città Moda;\n2026-08;Mi\u0007lano;3\n';
    expect(read(file).problems.map((problem) => [problem.line, problem.rule])).toEqual([
      [2, 'rankingPosition'],
      [3, 'rankingPosition'],
      [4, 'rankingPosition'],
      [5, 'textCharacters'],
    ]);
  });

  it('accepts ties: two subjects in the same place of one month', () => {
    const file = 'period;name;position\n2026-09;Città Moda;2\n2026-09;Milano Duomo;2\n';
    expect(read(file).problems).toEqual([]);
  });

  it('counts a quoted value spanning lines from the line it starts on (a name is one line, though)', () => {
    const file = 'period;name;position\n2026-09;"Città\nModa";2\n2026-09;Nessuno;1\n';
    expect(read(file).problems).toEqual([
      { line: 2, rule: 'textCharacters' },
      { line: 4, rule: 'rankingUnknownName', params: { name: 'Nessuno' } },
    ]);
  });

  it('cannot read what is not UTF-8 text, has no header, broken quoting or too many lines', () => {
    expect(reason(new Uint8Array([0xff, 0xfe, 0x70, 0x00]))).toBe('encoding');
    expect(reason('period;name;position\n2026-09;Milano\u0000;1\n')).toBe('encoding');
    expect(reason('mese;negozio\n2026-09;MI01\n')).toBe('header');
    expect(reason('')).toBe('empty');
    expect(reason('period;name;position\n2026-09;"Città Moda;1\n')).toBe('quoting');
    const long = [
      'period;name;position',
      ...Array.from({ length: rankingFileMaximumLines + 1 }, () => '2026-09;MI01;1'),
    ];
    expect(reason(long.join('\n'))).toBe('tooManyLines');
  });
});
