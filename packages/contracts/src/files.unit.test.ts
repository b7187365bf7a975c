import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilePathError, fileNameMaxBytes, filePathMaxLength, fileTreeMaxDepth, normalizeFilePath } from './files';

/** Whatever a path may be made of, weighted towards what attacks use. */
const pathCharacter = fc.constantFrom(
  '.',
  '.',
  '/',
  '/',
  '\\',
  '%',
  '2',
  'e',
  'f',
  '5',
  'c',
  '0',
  '\u0000',
  ':',
  ' ',
  'a',
  'B',
  'C',
  'n',
  'u',
  'l',
  '~',
  '\u00e8',
  'e\u0301',
  '\u202e',
  '\u0085',
  '\t',
  '\u4e2d',
  '\u{1f600}',
  '*',
  '?',
);
const anyPath = fc.oneof(
  fc.array(pathCharacter, { maxLength: 60 }).map((characters) => characters.join('')),
  fc
    .array(fc.oneof(fc.constantFrom('..', '.', '', 'CON', 'a', 'Documenti', '%2e%2e', 'x.'), fc.string()), {
      maxLength: 8,
    })
    .map((names) => names.join('/')),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
);

const root = path.resolve('/srv/bottega/files/company');

/** The normalized path, or the problem it was refused for. */
function outcome(input: string): string | FilePathError {
  try {
    return normalizeFilePath(input);
  } catch (error) {
    if (error instanceof FilePathError) return error;
    throw error;
  }
}

describe('normalizeFilePath', () => {
  it('either refuses a path with FilePathError or answers a clean path that stays inside its root', () => {
    fc.assert(
      fc.property(anyPath, (input) => {
        const result = outcome(input);
        if (result instanceof FilePathError) return;
        expect(result === '/' || /^\/[^/]/.test(result)).toBe(true);
        const names = result === '/' ? [] : result.slice(1).split('/');
        for (const name of names) expect(['', '.', '..']).not.toContain(name);
        expect(result).not.toMatch(/[\\\p{Cc}]/u);
        expect(result.endsWith('/') && result !== '/').toBe(false);
        expect(path.posix.normalize(result)).toBe(result);
        expect(result.normalize('NFC')).toBe(result);
        expect(names.length).toBeLessThanOrEqual(fileTreeMaxDepth);
        const joined = path.join(root, result);
        expect(joined === root || joined.startsWith(`${root}${path.sep}`)).toBe(true);
        expect(path.relative(root, joined).split(path.sep)).not.toContain('..');
        // Reading it again changes nothing.
        expect(normalizeFilePath(result)).toBe(result);
      }),
      { numRuns: 2000 },
    );
  });

  const refused: [string, string][] = [
    ['../../etc/passwd', 'dotName'],
    ['/a/../../b', 'dotName'],
    ['./a', 'dotName'],
    ['..\\..\\windows', 'reservedCharacter'],
    ['%2e%2e%2f', 'encoded'],
    ['..%5c', 'encoded'],
    ['/a%00.txt', 'encoded'],
    ['/a\u0000.txt', 'reservedCharacter'],
    ['C:\\Windows', 'relative'],
    ['c:/windows', 'relative'],
    ['\\\\server\\share', 'reservedCharacter'],
    ['//server/share', 'empty'],
    ['/a//b', 'empty'],
    ['~/x', 'relative'],
    ['/CON', 'reservedName'],
    ['/nul.txt', 'reservedName'],
    ['/Com1.log', 'reservedName'],
    ['/a ', 'trailing'],
    ['/ a', 'trailing'],
    ['/a.', 'trailing'],
    ['/a\u202egnp.exe', 'reservedCharacter'],
    ['/a\u0085', 'reservedCharacter'],
    [`/${'x'.repeat(fileNameMaxBytes + 45)}`, 'tooLong'],
    [`/${'\u00e8'.repeat(200)}`, 'tooLong'],
    [`/${Array.from({ length: 40 }, () => 'a').join('/')}`, 'tooDeep'],
    [`/${'a'.repeat(filePathMaxLength + 976)}`, 'pathTooLong'],
  ];

  it.each(refused)('refuses %j (%s)', (input, problem) => {
    const result = outcome(input);
    expect(result).toBeInstanceOf(FilePathError);
    expect((result as FilePathError).problem).toBe(problem);
  });

  it.each([
    ['', '/'],
    ['/', '/'],
    ['/etc/passwd', '/etc/passwd'],
    ['Documenti/2026/', '/Documenti/2026'],
    ['/Caffe\u0300.txt', '/Caff\u00e8.txt'],
    ['/Caff\u00e8.txt', '/Caff\u00e8.txt'],
    ['/.bashrc', '/.bashrc'],
    ['/a..b', '/a..b'],
    // Twice encoded, the query string's one decoding leaves %2e: a name like any other here.
    ['%252e', '/%252e'],
    [`/${'x'.repeat(fileNameMaxBytes)}`, `/${'x'.repeat(fileNameMaxBytes)}`],
  ])('reads %j as %j', (input, expected) => {
    expect(normalizeFilePath(input)).toBe(expected);
  });
});
