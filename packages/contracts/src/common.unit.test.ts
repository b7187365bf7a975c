import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUnstorableText, text } from './common';

/** What a person types: any well-formed text without control characters (full Unicode, emoji included). */
const typed = fc.string({ unit: 'grapheme', maxLength: 50 }).filter((value) => !/\p{Cc}/u.test(value));
const rulesOf = (result: { success: boolean; error?: { issues: { code: string; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.message);

describe('text', () => {
  it('accepts any typed text within its limit, trimmed (property)', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const result = text(200).safeParse(value);
        expect(result.success).toBe(value.trim().length <= 200);
        if (result.success) expect(result.data).toBe(value.trim());
      }),
    );
  });

  it('refuses any text holding NUL, another control character or a lone surrogate, naming the rule (property)', () => {
    const hostile = fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\ud800', '\udfff', '\u000b');
    fc.assert(
      fc.property(typed, hostile, typed, (before, bad, after) => {
        const value = `${before}x${bad}x${after}`;
        expect(rulesOf(text(1000).safeParse(value))).toContain('textCharacters');
        expect(rulesOf(text(1000, { multiLine: true }).safeParse(value))).toContain('textCharacters');
      }),
    );
  });

  it('keeps tab and line breaks in multi-line text only', () => {
    expect(text(100, { multiLine: true }).safeParse('riga 1\r\nriga\t2').success).toBe(true);
    expect(rulesOf(text(100).safeParse('riga 1\nriga 2'))).toEqual(['textCharacters']);
  });

  it('keeps a pair of surrogates (an emoji) and refuses each half alone', () => {
    expect(text(10).safeParse('ok 😀').success).toBe(true);
    expect(text(10).safeParse('😀'.charAt(0)).success).toBe(false);
    expect(text(10).safeParse('😀'.charAt(1)).success).toBe(false);
  });

  it('enforces its maximum, and keeps a password as typed with trim: false', () => {
    expect(text(5).safeParse('x'.repeat(6)).success).toBe(false);
    expect(text(5).safeParse('  abc  ').data).toBe('abc');
    expect(text(10, { trim: false }).safeParse(' pass ').data).toBe(' pass ');
  });
});

describe('isUnstorableText', () => {
  it('finds NUL and lone surrogates only (property)', () => {
    fc.assert(fc.property(typed, (value) => !isUnstorableText(value) && isUnstorableText(`${value}\u0000`)));
    expect(isUnstorableText('a\ud800b')).toBe(true);
    expect(isUnstorableText('tab\tand\u001bescape 😀')).toBe(false);
  });
});
