import { describe, expect, it } from 'vitest';
import { contentDisposition, withoutControlCharacters } from './file-transfer';
import { safeFileName } from './storage';

describe('withoutControlCharacters', () => {
  it('drops the bidirectional-text controls and every other control character, and nothing else', () => {
    const bidi = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(withoutControlCharacters(`a${bidi}b\u0000\u001F\u007F\u0085c.pdf`)).toBe('abc.pdf');
    expect(withoutControlCharacters('Relazione è — ٢٠٢٦ 📄.pdf')).toBe('Relazione è — ٢٠٢٦ 📄.pdf');
  });
});

describe('contentDisposition', () => {
  it('never sends a control character back, even for a name stored before uploads were cleaned', () => {
    expect(contentDisposition('attachment', 'invoice\u202Efdp.exe')).toBe(
      `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
    );
  });
});

describe('safeFileName', () => {
  it('keeps the last part of a path, without control or reserved characters', () => {
    expect(safeFileName('../x/re\u202Eport<1>.pdf')).toBe('report1.pdf');
    expect(safeFileName('\u202E')).toBe('file');
  });
});
