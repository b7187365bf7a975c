import { describe, expect, it } from 'vitest';
import {
  barcodeFormatFor,
  downloadFileName,
  ean13CheckDigit,
  emptyReadsRequired,
  formatCountdown,
  groupByReceipt,
  inviteLink,
  languageFromBrowser,
  maskEmail,
  maskPhone,
  pageCount,
  secondsUntil,
  signedPoints,
} from './club-format';

describe('where the codes went', () => {
  it('hides an email but its first letter and its domain', () => {
    expect(maskEmail('mario.rossi@example.com')).toBe('m•••@example.com');
    expect(maskEmail('a@b.it')).toBe('a•••@b.it');
    expect(maskEmail('not-an-email')).toBe('•••');
  });

  it('hides a phone number but its last four digits, after the country code', () => {
    expect(maskPhone('+39', '333 123 4567')).toBe('+39 •••• 4567');
    expect(maskPhone(' +359 ', '(88) 812-3456')).toBe('+359 •••• 3456');
    expect(maskPhone('', '4567')).toBe('•••• 4567');
  });
});

describe('the resend countdown', () => {
  const now = Date.parse('2026-03-01T10:00:00.000Z');

  it('counts whole seconds up to the instant the server gave, and stops at zero', () => {
    expect(secondsUntil('2026-03-01T10:01:00.000Z', now)).toBe(60);
    expect(secondsUntil('2026-03-01T10:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2026-03-01T09:59:00.000Z', now)).toBe(0);
    expect(secondsUntil(now + 30_000, now)).toBe(30);
    expect(secondsUntil(null, now)).toBe(0);
    expect(secondsUntil('soon', now)).toBe(0);
  });

  it('reads as a clock', () => {
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(725)).toBe('12:05');
    expect(formatCountdown(3 * 3600 + 4 * 60 + 5)).toBe('3:04:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('the invitation link', () => {
  it('opens the registration with the code, whatever the origin ends with', () => {
    expect(inviteLink('https://club.example.com', 'AB12CD')).toBe(
      'https://club.example.com/club/register?invite=AB12CD',
    );
    expect(inviteLink('http://localhost:3000/', 'a b&c')).toBe('http://localhost:3000/club/register?invite=a%20b%26c');
  });
});

describe('the barcode of a card', () => {
  it('computes the EAN-13 check digit', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('800123456789')).toBe(7);
    expect(ean13CheckDigit('000000000000')).toBe(0);
  });

  it('is an EAN-13 for a valid EAN-13 number, Code 128 for anything else printable', () => {
    expect(barcodeFormatFor('4006381333931')).toBe('EAN13');
    expect(barcodeFormatFor('8001234567897')).toBe('EAN13');
    // A wrong check digit would scan as another number: printed as it is, in Code 128.
    expect(barcodeFormatFor('4006381333932')).toBe('CODE128');
    expect(barcodeFormatFor('123456789012')).toBe('CODE128');
    expect(barcodeFormatFor('CARD-00042')).toBe('CODE128');
    expect(barcodeFormatFor('Città')).toBeNull();
    expect(barcodeFormatFor('')).toBeNull();
  });
});

describe('points in a history', () => {
  it('shows points with their sign', () => {
    expect(signedPoints(40)).toBe('+40');
    expect(signedPoints(-12)).toBe('-12');
    expect(signedPoints(0)).toBe('0');
  });
});

describe('the purchases list', () => {
  const line = (receiptId: number, lineNumber: number, subtotalCents: number) => ({
    receiptId,
    lineNumber,
    receiptDate: '2026-02-10',
    receiptNumber: receiptId * 10,
    type: 'sale',
    shop: { name: 'Milano Duomo' },
    subtotalCents,
  });

  it('gathers the lines of each receipt in the order they came, with the receipt total', () => {
    const groups = groupByReceipt([line(7, 1, 1000), line(7, 2, 250), line(3, 1, -500)]);
    expect(groups.map((group) => [group.receiptId, group.lines.length, group.totalCents])).toEqual([
      [7, 2, 1250],
      [3, 1, -500],
    ]);
    expect(groups[0]).toMatchObject({ receiptNumber: 70, shopName: 'Milano Duomo', receiptDate: '2026-02-10' });
    expect(groupByReceipt([])).toEqual([]);
  });

  it('counts its pages', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe("the phone's language", () => {
  it('is the first one the club speaks, by its base', () => {
    expect(languageFromBrowser(['de-CH', 'en'])).toBe('de');
    expect(languageFromBrowser(['fr-FR', 'AR'])).toBe('ar');
    expect(languageFromBrowser(['bg_BG'])).toBe('bg');
    expect(languageFromBrowser(['fr', 'es'])).toBeNull();
    expect(languageFromBrowser([])).toBeNull();
  });
});

describe('the name of the downloaded data', () => {
  it("is the server's, encoded or plain, else ours", () => {
    expect(downloadFileName("attachment; filename*=UTF-8''bottega-club-Ros%C3%AC.json", 'x.json')).toBe(
      'bottega-club-Rosì.json',
    );
    expect(downloadFileName('attachment; filename="club-42.json"', 'x.json')).toBe('club-42.json');
    expect(downloadFileName('attachment; filename=club.json', 'x.json')).toBe('club.json');
    expect(downloadFileName('attachment', 'x.json')).toBe('x.json');
    expect(downloadFileName(null, 'x.json')).toBe('x.json');
  });
});

describe('an empty required field', () => {
  it('reads "required" instead of its format rule, and a wrong value keeps its message', () => {
    const errors = { gender: 'invalid', phone: 'phone format', city: 'too long', zip: 'bad' };
    expect(
      emptyReadsRequired(
        errors,
        { gender: '', phone: '  ', city: 'x'.repeat(200), zip: '' },
        ['gender', 'phone', 'city'],
        'required',
      ),
    ).toEqual({ gender: 'required', phone: 'required', city: 'too long', zip: 'bad' });
    expect(emptyReadsRequired({}, { gender: '' }, ['gender'], 'required')).toEqual({});
  });
});
