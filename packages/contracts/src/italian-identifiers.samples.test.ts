// The codice fiscale vectors of ../shared/samples/codicefiscale (python-stdnum, python-codicefiscale, OCA) through
// our checks: personal codes (omocodia included) with their birthday and sex, 11-digit company codes as partite IVA.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiscalCode, checkVatNumber } from './italian-identifiers';

const samples = process.env.BOTTEGA_SAMPLES_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/samples');

type Vector = { code: string; valid: boolean; kind: string; birthdate: string; gender: string; note: string };

/** The file's rows; only its last column is quoted, and holds no quote itself. */
function readVectors(): Vector[] {
  const [, ...rows] = readFileSync(path.join(samples, 'codicefiscale/codicefiscale_vectors.csv'), 'utf8')
    .trim()
    .split('\n');
  return rows.map((row) => {
    const [code = '', valid, kind = '', birthdate = '', gender = ''] = row.split(',');
    const note = row.slice(row.indexOf('"') + 1, row.lastIndexOf('"'));
    return { code, valid: valid === 'true', kind, birthdate, gender, note };
  });
}

describe('codice fiscale sample vectors', () => {
  const vectors = readVectors();

  it('reads personal and company rows', () => {
    expect(vectors.filter((vector) => vector.kind === 'personal').length).toBeGreaterThanOrEqual(5);
    expect(vectors.filter((vector) => vector.kind === 'company').length).toBeGreaterThanOrEqual(2);
  });

  it.each(vectors.filter((vector) => vector.kind === 'personal'))('$code ($note)', (vector) => {
    const check = checkFiscalCode(vector.code, { birthday: vector.birthdate, sex: vector.gender as 'M' | 'F' });
    expect(check.valid).toBe(vector.valid);
    if (check.valid) expect(check.birthday).toBe(vector.birthdate);
    // A wrong check character is always refused.
    const last = vector.code.at(-1) === 'A' ? 'B' : 'A';
    expect(checkFiscalCode(`${vector.code.slice(0, 15)}${last}`)).toEqual({ valid: false, reason: 'checkCharacter' });
  });

  it.each(vectors.filter((vector) => vector.kind === 'company'))('$code ($note)', (vector) => {
    expect(checkVatNumber(vector.code).valid).toBe(vector.valid);
  });
});
