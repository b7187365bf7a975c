// The loyalty club's pure rules for what its screens show: masked destinations of the one-time codes, the resend
// countdown, the invitation link, the barcode a card number is drawn as, the way to the next level, receipts
// gathered from their lines, and the language a phone asks for. No browser and no Zod here: tests run them in Node.
import { type Language, languages } from '@bottega/contracts/languages';

/** The dot the server masks with too (contracts/club.ts `sentTo`: m•••@example.com, +39 •••• 4567). */
const hidden = '•••';

/** An email with its name hidden but the first letter: mario.rossi@example.com → m•••@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return hidden;
  return `${email.slice(0, 1)}${hidden}${email.slice(at)}`;
}

/** A phone number with only its last four digits: +39, 333 123 4567 → +39 •••• 4567. */
export function maskPhone(countryCode: string, phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const last = digits.slice(-4);
  return [countryCode.trim(), `${hidden}•`, last].filter((part) => part !== '').join(' ');
}

/** Whole seconds from `now` (epoch ms) until `resendAt` (an ISO instant or epoch ms); 0 once it has passed. */
export function secondsUntil(resendAt: string | number | null | undefined, now: number): number {
  if (resendAt === null || resendAt === undefined) return 0;
  const at = typeof resendAt === 'number' ? resendAt : Date.parse(resendAt);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A countdown as a clock: 0:59, 1:00, 12:05; hours when it is that long (a daily limit): 3:04:05. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The friend's invitation: the registration page with the customer's code (contracts/club.ts `inviteCode`). */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/club/register?invite=${encodeURIComponent(code)}`;
}

/** The check digit of an EAN-13 from its first twelve digits (GS1: weights 1 and 3 from the left). */
export function ean13CheckDigit(firstTwelve: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += Number(firstTwelve[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export type BarcodeFormat = 'EAN13' | 'CODE128';

/**
 * How the till reads the card: a card number that is a valid EAN-13 (13 digits, right check digit) is printed as
 * one, like the plastic cards; anything else as Code 128, which carries any printable ASCII text. Null when even
 * Code 128 cannot (letters outside ASCII): the QR code and the number remain.
 */
export function barcodeFormatFor(cardNumber: string): BarcodeFormat | null {
  if (/^\d{13}$/.test(cardNumber) && ean13CheckDigit(cardNumber) === Number(cardNumber[12])) return 'EAN13';
  if (cardNumber !== '' && /^[\x20-\x7e]+$/.test(cardNumber)) return 'CODE128';
  return null;
}

/** Points with their sign, as a history shows them: +40, -12, 0. */
export function signedPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

type ReceiptLine = {
  receiptId: number;
  receiptDate: string;
  receiptNumber: number;
  type: string;
  shop: { name: string };
  subtotalCents: number;
};

/** One receipt of the purchases list: its lines, in the order the server sent them, and what they came to. */
export type ReceiptGroup<Line extends ReceiptLine> = {
  receiptId: number;
  receiptDate: string;
  receiptNumber: number;
  type: string;
  shopName: string;
  totalCents: number;
  lines: Line[];
};

/** A page of receipt lines gathered by receipt, the receipts in the order their first line came. */
export function groupByReceipt<Line extends ReceiptLine>(lines: readonly Line[]): ReceiptGroup<Line>[] {
  const groups = new Map<number, ReceiptGroup<Line>>();
  for (const line of lines) {
    let group = groups.get(line.receiptId);
    if (!group) {
      group = {
        receiptId: line.receiptId,
        receiptDate: line.receiptDate,
        receiptNumber: line.receiptNumber,
        type: line.type,
        shopName: line.shop.name,
        totalCents: 0,
        lines: [],
      };
      groups.set(line.receiptId, group);
    }
    group.lines.push(line);
    group.totalCents += line.subtotalCents;
  }
  return [...groups.values()];
}

/** The first of the phone's languages (navigator.languages: "de-CH", "en") the club speaks; null when none. */
export function languageFromBrowser(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if ((languages as readonly string[]).includes(base)) return base as Language;
  }
  return null;
}

/** The number of pages a list of `total` items takes, at least one. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The name the server gave the download (Content-Disposition), or ours. */
export function downloadFileName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed name: the plain one, else ours.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * A required field left empty reads "required", whatever rule its schema checks first (a gender's list, a phone's
 * format): the schema's own message stays for a value that is there but wrong.
 */
export function emptyReadsRequired(
  errors: Record<string, string>,
  values: Record<string, unknown>,
  required: readonly string[],
  message: string,
): Record<string, string> {
  const result = { ...errors };
  for (const field of required) {
    const value = values[field];
    if (result[field] && (value === '' || value === undefined || (typeof value === 'string' && value.trim() === ''))) {
      result[field] = message;
    }
  }
  return result;
}
