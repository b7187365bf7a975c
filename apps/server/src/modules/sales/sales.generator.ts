// Simulated sales history for the demo shops and the benchmark data set: a product catalogue and, per
// shop and business day, the register's receipts and the fiscal printer's close. Everything comes
// from a seeded PRNG keyed by (seed, shop, day, register), so a day is the same whichever range it is
// generated in: a rerun resends identical receipts and the ingestion counts them as duplicates.
import { addDays, businessDate as businessDateOf, businessTimeZone, isoWeekday } from '@bottega/contracts/dates';
import {
  type FiscalCloseRecord,
  ingestBatchMax,
  type PaymentMethod,
  type ReceiptLine,
  type ReceiptPayment,
  type ReceiptRecord,
  type ReceiptType,
} from '@bottega/contracts/sales';

// ——— Randomness ———

/** FNV-1a: turns a key such as "7|MI01|2026-03-14|2" into a 32-bit PRNG seed. */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small, fast PRNG (mulberry32) with the draws the generator needs. */
export type Random = {
  next: () => number;
  integer: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
};

export function createRandom(...key: (string | number)[]): Random {
  let state = hashKey(key.join('|'));
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  };
}

// ——— Business calendar ———

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
const romeOffsets = new Map<string, string>();

/** Rome's UTC offset on a day (+01:00 or +02:00); taken at noon, when shops are open and no clock changes. */
function romeOffset(date: string): string {
  let offset = romeOffsets.get(date);
  if (offset === undefined) {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${date}T12:00:00Z`))
      .find((part) => part.type === 'timeZoneName')?.value;
    offset = name === 'GMT' || !name ? '+00:00' : name.slice(3);
    romeOffsets.set(date, offset);
  }
  return offset;
}

/** Minutes after midnight, in Rome, of the start of the hour `instant` falls in. */
function romeHourStart(instant: Date): number {
  return Math.floor(romeMinuteOfDay(instant) / 60) * 60;
}

function romeMinuteOfDay(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: businessTimeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return part('hour') * 60 + part('minute');
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

function clockTime(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** Days every shop keeps shut whatever its calendar says (the demo shops' closures, every year). */
const nationalClosures = ['01-01', '12-25', '12-26'];

/** Italian end-of-season sales ("saldi"): from early January and July for about eight weeks. */
function inSalesPeriod(date: string): boolean {
  const monthDay = date.slice(5);
  return (monthDay >= '01-05' && monthDay <= '02-28') || (monthDay >= '07-01' && monthDay <= '08-31');
}

/** Saturday busiest; Sunday, where a shop opens at all, shorter and quieter. */
const weekdayFactors = [0, 0.78, 0.8, 0.86, 0.92, 1.08, 1.6, 0.75];
/** December up (Christmas shopping), the sales months up, August down (holidays). */
const monthFactors = [0, 1.15, 0.9, 0.9, 0.95, 1, 0.98, 1.12, 0.62, 0.95, 1, 1.05, 1.45];

/** How busy a day is relative to an ordinary weekday, before the shop's size and the day's noise. */
function calendarFactor(date: string): number {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  let factor = (weekdayFactors[isoWeekday(date)] ?? 1) * (monthFactors[month] ?? 1);
  // The last weeks before Christmas build up; the first days of the sales are the busiest of their month.
  if (month === 12 && day >= 8 && day <= 24) factor *= 1 + (day - 7) / 25;
  if ((month === 1 && day >= 5 && day <= 12) || (month === 7 && day <= 8)) factor *= 1.35;
  // Black Friday: the last Friday of November.
  if (month === 11 && day >= 23 && isoWeekday(date) === 5) factor *= 1.8;
  return factor;
}

// ——— Catalogue ———

export type SalesProduct = {
  code: string;
  description: string;
  department: string;
  /** Basis points: 2200 is 22 %. */
  vatRate: number;
  /** Price per price list, in cents, VAT included. */
  prices: Record<PriceList, number>;
};

export const priceLists = ['BASE', 'SALDI', 'CLUB'] as const;
export type PriceList = (typeof priceLists)[number];

const departments = [
  {
    name: 'Donna',
    prefix: 'DON',
    vatRate: 2200,
    weight: 26,
    price: [2500, 18000],
    items: ['Abito', 'Camicia', 'Gonna', 'Maglione', 'Cappotto', 'Blusa', 'Pantalone', 'Giacca'],
  },
  {
    name: 'Uomo',
    prefix: 'UOM',
    vatRate: 2200,
    weight: 20,
    price: [2500, 20000],
    items: ['Camicia', 'Pantalone', 'Giacca', 'Maglione', 'Polo', 'Cappotto', 'Felpa', 'Jeans'],
  },
  {
    name: 'Calzature',
    prefix: 'CAL',
    vatRate: 2200,
    weight: 12,
    price: [4000, 22000],
    items: ['Sneaker', 'Mocassino', 'Stivaletto', 'Décolleté', 'Sandalo', 'Stringata'],
  },
  {
    name: 'Pelletteria',
    prefix: 'PEL',
    vatRate: 2200,
    weight: 10,
    price: [2000, 25000],
    items: ['Borsa', 'Portafoglio', 'Cintura', 'Zaino', 'Portadocumenti', 'Pochette'],
  },
  {
    name: 'Accessori',
    prefix: 'ACC',
    vatRate: 2200,
    weight: 12,
    price: [800, 6000],
    items: ['Sciarpa', 'Cappello', 'Guanti', 'Foulard', 'Calzini', 'Occhiali da sole'],
  },
  {
    name: 'Casa',
    prefix: 'CAS',
    vatRate: 2200,
    weight: 10,
    price: [900, 12000],
    items: ['Tovaglia', 'Set asciugamani', 'Candela', 'Vaso', 'Cuscino', 'Plaid', 'Tazza'],
  },
  {
    name: 'Gastronomia',
    prefix: 'GAS',
    vatRate: 1000,
    weight: 6,
    price: [350, 2500],
    items: ['Panettone', 'Biscotti', 'Cioccolato', 'Confettura', 'Tisana', 'Torrone'],
  },
  {
    name: 'Libri',
    prefix: 'LIB',
    vatRate: 400,
    weight: 4,
    price: [900, 3500],
    items: ['Libro di ricette', 'Guida di viaggio', 'Agenda', 'Libro illustrato', 'Romanzo'],
  },
] as const;

const qualifiers = ['in lino', 'in cotone', 'in lana', 'in seta', 'in pelle', 'classico', 'slim', 'artigianale'];
const colours = ['blu', 'nero', 'bianco', 'rosso', 'verde', 'beige', 'grigio', 'cammello', 'bordeaux'];

/** A price ending in ,00 or ,90 as shops price things. */
function shopPrice(cents: number): number {
  const euros = Math.max(1, Math.round(cents / 100));
  return euros * 100 - (euros % 3 === 0 ? 0 : 10);
}

/** The catalogue: `size` products over eight departments at VAT 22, 10 and 4 %, priced on three lists. */
export function generateCatalogue(options: { seed: number; size?: number }): SalesProduct[] {
  const random = createRandom(options.seed, 'catalogue');
  const size = options.size ?? 240;
  const totalWeight = departments.reduce((sum, department) => sum + department.weight, 0);
  const products: SalesProduct[] = [];
  for (const department of departments) {
    const count = Math.max(4, Math.round((size * department.weight) / totalWeight));
    for (let index = 1; index <= count; index += 1) {
      const [low, high] = department.price;
      // Cheap articles are commoner than dear ones.
      const base = shopPrice(low + (high - low) * random.next() ** 2);
      products.push({
        code: `${department.prefix}${String(index).padStart(4, '0')}`,
        description: `${random.pick(department.items)} ${random.pick(qualifiers)} ${random.pick(colours)}`,
        department: department.name,
        vatRate: department.vatRate,
        prices: { BASE: base, SALDI: shopPrice(base * 0.7), CLUB: shopPrice(base * 0.9) },
      });
    }
  }
  return products;
}

// ——— Shops ———

/** Opening of a shop on one ISO weekday: one slot, or two for a split opening. */
export type OpeningSlot = { weekday: number; opensAt: string; closesAt: string };

/** What the generator needs to know about a shop; traits it does not say are drawn from the seed. */
export type SalesShop = {
  code: string;
  hours: readonly OpeningSlot[];
  /** YYYY-MM-DD days it stays closed, besides New Year's Day, Christmas and St Stephen's. */
  closedDays: readonly string[];
  /** Usernames of the shop's people the registers may record at the till. */
  employees: readonly string[];
};

/** The shop's seeded traits: registers, size, printer, loyalty customers and the till's habits. */
type ShopTraits = {
  registers: number;
  registerShares: number[];
  size: number;
  deviceSerial: string;
  loyaltyPool: number;
  closedDays: Set<string>;
  hours: Map<number, { opens: number; closes: number }[]>;
  /** The counters at the start of the last day asked for, so a stream of days counts each day once. */
  counters: Counters | null;
};

const shopTraitsCache = new WeakMap<SalesShop, Map<string, ShopTraits>>();

function shopTraits(shop: SalesShop, seed: number, receiptsPerDay: number): ShopTraits {
  let bySeed = shopTraitsCache.get(shop);
  if (!bySeed) {
    bySeed = new Map();
    shopTraitsCache.set(shop, bySeed);
  }
  const key = `${seed}|${receiptsPerDay}`;
  const cached = bySeed.get(key);
  if (cached) return cached;
  const random = createRandom(seed, shop.code, 'traits');
  const registers = random.integer(1, 3);
  const hours = new Map<number, { opens: number; closes: number }[]>();
  for (const slot of shop.hours) {
    const slots = hours.get(slot.weekday) ?? [];
    slots.push({ opens: minutesOf(slot.opensAt), closes: minutesOf(slot.closesAt) });
    hours.set(slot.weekday, slots);
  }
  const traits: ShopTraits = {
    registers,
    // The main till takes most receipts.
    registerShares: [[1], [0.6, 0.4], [0.46, 0.32, 0.22]][registers - 1] as number[],
    size: 0.7 + random.next() * 0.6,
    deviceSerial: `80E${String(hashKey(`${seed}|${shop.code}|printer`) % 100_000_000).padStart(8, '0')}`,
    loyaltyPool: Math.max(60, Math.round(receiptsPerDay * 6)),
    closedDays: new Set(shop.closedDays),
    hours,
    counters: null,
  };
  bySeed.set(key, traits);
  return traits;
}

function isOpen(traits: ShopTraits, date: string): boolean {
  return (
    (traits.hours.get(isoWeekday(date))?.length ?? 0) > 0 &&
    !traits.closedDays.has(date) &&
    !nationalClosures.includes(date.slice(5))
  );
}

/** Receipts of each register on a day (zero when closed): cheap, so sequence numbers can count past days. */
function registerCounts(shop: SalesShop, traits: ShopTraits, date: string, context: GeneratorContext): number[] {
  if (!isOpen(traits, date)) return traits.registerShares.map(() => 0);
  const random = createRandom(context.seed, shop.code, date, 'count');
  const noise = 0.85 + random.next() * 0.3;
  const total = context.receiptsPerDay * traits.size * calendarFactor(date) * noise;
  return traits.registerShares.map((share) => Math.max(1, Math.round(total * share)));
}

/**
 * Where the registers' progressive numbers and the printer's Z counter stand at the start of a day.
 * Counted from a fixed origin so they do not depend on the range generated.
 */
export const salesHistoryStart = '2020-01-01';

type Counters = { date: string; sequences: number[]; closes: number };

function countersAt(shop: SalesShop, traits: ShopTraits, date: string, context: GeneratorContext): Counters {
  if (date < salesHistoryStart) throw new RangeError(`sales are simulated from ${salesHistoryStart}, not ${date}`);
  let counters = traits.counters;
  if (!counters || counters.date > date) {
    counters = { date: salesHistoryStart, sequences: traits.registerShares.map(() => 0), closes: 0 };
  }
  while (counters.date < date) {
    const counts = registerCounts(shop, traits, counters.date, context);
    counters = {
      date: addDays(counters.date, 1),
      sequences: counters.sequences.map((sequence, register) => sequence + (counts[register] ?? 0)),
      closes: counters.closes + (isOpen(traits, counters.date) ? 1 : 0),
    };
  }
  traits.counters = counters;
  return counters;
}

// ——— One shop's day ———

export type GeneratorContext = {
  seed: number;
  catalogue: readonly SalesProduct[];
  /** Receipts of an ordinary weekday in an average shop; the calendar and the shop's size scale it. */
  receiptsPerDay: number;
  /**
   * Today's receipts stop at the start of this instant's hour (Rome), and today has no fiscal close until
   * the printer's Z report, a few minutes after the shop's last closing time.
   */
  now: Date;
};

export type ShopDay = {
  businessDate: string;
  receipts: ReceiptRecord[];
  fiscalClose: FiscalCloseRecord | null;
  /** Fiscal total minus the receipts' takings: not zero on the few days the two deliberately disagree. */
  fiscalDifferenceCents: number;
  /** False on the day a month the printer's agent does not send the close: the printer still has it. */
  closeSent: boolean;
};

/** A loyalty card number (EAN-13 with its check digit) of the shop's recurring customer `index`. */
function loyaltyCard(shopCode: string, index: number): string {
  const body = `290${String(hashKey(`${shopCode}|card|${index}`) % 1_000_000_000).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, position) => total + Number(digit) * (position % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A receipt's time in seconds after midnight: afternoons busier than mornings, evenings busiest. */
function receiptSecond(random: Random, slots: { opens: number; closes: number }[]): number {
  const weights = slots.map((slot, index) => (slot.closes - slot.opens) * (index === 0 && slots.length > 1 ? 1 : 1.3));
  let draw = random.next() * weights.reduce((sum, weight) => sum + weight, 0);
  let slot = slots[slots.length - 1] as { opens: number; closes: number };
  for (const [index, weight] of weights.entries()) {
    if (draw < weight) {
      slot = slots[index] as typeof slot;
      break;
    }
    draw -= weight;
  }
  // Leaning towards the end of the slot: lunch break and after work.
  const position = Math.max(random.next(), random.next() * 0.9);
  return Math.min(slot.closes * 60 - 1, Math.floor((slot.opens + position * (slot.closes - slot.opens)) * 60));
}

/** Product draws weighted by department, built once per catalogue. */
const departmentPools = new WeakMap<readonly SalesProduct[], SalesProduct[]>();

function productPool(catalogue: readonly SalesProduct[]): SalesProduct[] {
  let pool = departmentPools.get(catalogue);
  if (!pool) {
    pool = [];
    for (const product of catalogue) {
      const weight = departments.find((department) => department.name === product.department)?.weight ?? 1;
      // Clothes and shoes sell more often than books; the weight repeats a product in the pool.
      for (let copy = 0; copy < Math.ceil(weight / 4); copy += 1) pool.push(product);
    }
    departmentPools.set(catalogue, pool);
  }
  return pool;
}

function saleLines(random: Random, pool: SalesProduct[], date: string, member: boolean): ReceiptLine[] {
  const count = random.chance(0.5) ? 1 : random.chance(0.6) ? 2 : random.integer(3, 6);
  const saldi = inSalesPeriod(date);
  const lines: ReceiptLine[] = [];
  for (let index = 0; index < count; index += 1) {
    const product = random.pick(pool);
    const priceList: PriceList = saldi && random.chance(0.6) ? 'SALDI' : member ? 'CLUB' : 'BASE';
    const quantity = random.chance(0.85) ? 1 : random.integer(2, 3);
    const unitPriceCents = product.prices[priceList];
    // Now and then the shop knocks a little off an article (a small defect, the last piece).
    const discountCents = random.chance(0.05)
      ? Math.round((unitPriceCents * quantity * random.integer(5, 20)) / 100)
      : 0;
    lines.push({
      productCode: product.code,
      description: product.description,
      quantity,
      unitPriceCents,
      discountCents,
      priceList,
      subtotalCents: unitPriceCents * quantity - discountCents,
      vatRate: product.vatRate,
    });
  }
  return lines;
}

function salePayments(random: Random, total: number): ReceiptPayment[] {
  const card = (): PaymentMethod => (random.chance(0.55) ? 'bancomat' : 'creditCard');
  if (random.chance(0.03)) {
    // A gift voucher covers part or all; the rest is paid by card.
    const voucher = Math.min(total, random.pick([1000, 2500, 5000]));
    return voucher === total
      ? [{ method: 'voucher', amountCents: voucher }]
      : [
          { method: 'voucher', amountCents: voucher },
          { method: card(), amountCents: total - voucher },
        ];
  }
  if (total > 3000 && random.chance(0.04)) {
    const cash = Math.floor((total * 0.3) / 100) * 100;
    return [
      { method: 'cash', amountCents: cash },
      { method: card(), amountCents: total - cash },
    ];
  }
  // Small amounts are mostly paid in cash, large ones by card.
  const cashShare = total < 2000 ? 0.6 : total < 10_000 ? 0.35 : 0.12;
  return [{ method: random.chance(cashShare) ? 'cash' : card(), amountCents: total }];
}

type ReceiptDraft = Omit<ReceiptRecord, 'receiptNumber' | 'sequenceNumber' | 'issuedAt'> & { second: number };

function draftReceipt(
  random: Random,
  options: {
    date: string;
    pool: SalesProduct[];
    shop: SalesShop;
    traits: ShopTraits;
    second: number;
    register: string;
  },
): ReceiptDraft {
  const { date, pool, shop, traits } = options;
  const month = Number(date.slice(5, 7));
  // Returns pile up after Christmas and during the sales.
  const returnChance = month === 1 ? 0.06 : 0.03;
  const type: ReceiptType = random.chance(0.01) ? 'cancelled' : random.chance(returnChance) ? 'return' : 'sale';
  const employee = shop.employees.length > 0 && random.chance(0.85) ? random.pick(shop.employees) : null;
  // Recurring customers: a few come very often (the square favours the low numbers).
  const member = random.chance(0.28);
  const card = member ? loyaltyCard(shop.code, Math.floor(traits.loyaltyPool * random.next() ** 2)) : null;
  let lines = saleLines(random, pool, date, member);
  let discountCents = 0;
  let payments: ReceiptPayment[];
  if (type === 'return') {
    lines = lines.slice(0, random.chance(0.8) ? 1 : 2).map((line) => ({
      ...line,
      quantity: -line.quantity,
      discountCents: -line.discountCents,
      subtotalCents: -line.subtotalCents,
    }));
    const total = lines.reduce((sum, line) => sum + line.subtotalCents, 0);
    const method: PaymentMethod = random.chance(0.5) ? 'cash' : random.chance(0.8) ? 'creditCard' : 'voucher';
    payments = [{ method, amountCents: total }];
  } else if (type === 'cancelled') {
    // Voided at the till before anything was paid.
    payments = [];
  } else {
    const gross = lines.reduce((sum, line) => sum + line.subtotalCents, 0);
    // Rounding down to the euro, as a courtesy on larger tickets.
    if (gross >= 3000 && gross % 100 !== 0 && random.chance(0.04)) discountCents = gross % 100;
    payments = salePayments(random, gross - discountCents);
  }
  const totalCents = lines.reduce((sum, line) => sum + line.subtotalCents, 0) - discountCents;
  return {
    registerCode: options.register,
    businessDate: date,
    second: options.second,
    type,
    employee,
    loyaltyCard: card,
    orderNumber: random.chance(0.02) ? `WEB-${String(random.integer(100_000, 999_999))}` : null,
    totalCents,
    discountCents,
    pieces: lines.reduce((sum, line) => sum + line.quantity, 0),
    lines,
    payments,
  };
}

/** VAT by rate of the day's sales and returns, from VAT-inclusive amounts (a receipt's discount spread over its lines). */
function vatBreakdown(receipts: ReceiptRecord[]): FiscalCloseRecord['vatBreakdown'] {
  const gross = new Map<number, number>();
  for (const receipt of receipts) {
    if (receipt.type === 'cancelled') continue;
    let undiscounted = receipt.totalCents + receipt.discountCents;
    let discount = receipt.discountCents;
    for (const line of receipt.lines) {
      const share = undiscounted === 0 ? 0 : Math.round((discount * line.subtotalCents) / undiscounted);
      gross.set(line.vatRate, (gross.get(line.vatRate) ?? 0) + line.subtotalCents - share);
      undiscounted -= line.subtotalCents;
      discount -= share;
    }
  }
  return [...gross.entries()].sort(([a], [b]) => b - a).map(([vatRate, amount]) => vatSplit(vatRate, amount));
}

/** A VAT-inclusive amount split into taxable and tax, so that they add up to it exactly. */
function vatSplit(vatRate: number, amount: number) {
  const taxableCents = Math.round((amount * 10_000) / (10_000 + vatRate));
  return { vatRate, taxableCents, taxCents: amount - taxableCents };
}

/** Minutes after the last closing time at which the shop's printer makes its Z report. */
const closeDelayMinutes = 12;

/**
 * One open day a month per shop whose close the printer's agent never sends (the network was down), so the
 * feed shows it missing until somebody reads it from the printer or uploads its file.
 */
function unsentCloseDay(seed: number, shopCode: string, traits: ShopTraits, date: string): boolean {
  const month = date.slice(0, 7);
  const open: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) if (isOpen(traits, day)) open.push(day);
  if (open.length === 0) return false;
  return open[createRandom(seed, shopCode, month, 'unsent').integer(0, open.length - 1)] === date;
}

/** Roughly one day a month per shop on which the printer's close and the receipts disagree a little. */
function disagreementDay(seed: number, shopCode: string, date: string): boolean {
  return createRandom(seed, shopCode, date.slice(0, 7), 'disagreement').integer(1, 28) === Number(date.slice(8, 10));
}

/** When the printer makes the day's Z report: minutes from midnight, Rome. */
function closeMinute(traits: ShopTraits, date: string): number {
  return Math.max(...(traits.hours.get(isoWeekday(date)) ?? []).map((slot) => slot.closes)) + closeDelayMinutes;
}

function fiscalClose(options: {
  shop: SalesShop;
  traits: ShopTraits;
  date: string;
  receipts: ReceiptRecord[];
  closeNumber: number;
  context: GeneratorContext;
}): { record: FiscalCloseRecord; differenceCents: number } {
  const { receipts, date, traits } = options;
  let total = 0;
  let returns = 0;
  let cancellations = 0;
  let electronic = 0;
  for (const receipt of receipts) {
    if (receipt.type === 'cancelled') {
      cancellations += receipt.totalCents;
      continue;
    }
    total += receipt.totalCents;
    if (receipt.type === 'return') returns -= receipt.totalCents;
    for (const payment of receipt.payments) {
      if (payment.method === 'creditCard' || payment.method === 'bancomat') electronic += payment.amountCents;
    }
  }
  const breakdown = vatBreakdown(receipts);
  let differenceCents = 0;
  if (disagreementDay(options.context.seed, options.shop.code, date)) {
    // A receipt keyed by hand on the printer only, or one the register never sent: a few euros either way.
    const random = createRandom(options.context.seed, options.shop.code, date, 'difference');
    differenceCents = (random.chance(0.5) ? 1 : -1) * random.integer(50, 2500);
    const standard = breakdown.find((entry) => entry.vatRate === 2200) ?? breakdown[0];
    if (standard)
      Object.assign(standard, vatSplit(standard.vatRate, standard.taxableCents + standard.taxCents + differenceCents));
  }
  return {
    record: {
      deviceSerial: traits.deviceSerial,
      businessDate: date,
      closedAt: `${date}T${clockTime(closeMinute(traits, date) * 60)}${romeOffset(date)}`,
      closeNumber: options.closeNumber,
      totalCents: total + differenceCents,
      documentsCount: receipts.length,
      returnsCents: returns,
      cancellationsCents: cancellations,
      electronicPaymentsCents: Math.max(0, electronic),
      vatBreakdown: breakdown,
    },
    differenceCents,
  };
}

/** The serial number (matricola) of the shop's simulated fiscal printer. */
export function shopDeviceSerial(shop: SalesShop, context: GeneratorContext): string {
  return shopTraits(shop, context.seed, context.receiptsPerDay).deviceSerial;
}

/** One shop's business day: receipts in the order they were issued, and the fiscal close once the day is over. */
export function generateShopDay(options: GeneratorContext & { shop: SalesShop; businessDate: string }): ShopDay {
  const { shop, businessDate: date } = options;
  const traits = shopTraits(shop, options.seed, options.receiptsPerDay);
  const empty: ShopDay = {
    businessDate: date,
    receipts: [],
    fiscalClose: null,
    fiscalDifferenceCents: 0,
    closeSent: false,
  };
  const today = businessDateOf(options.now);
  if (date > today || !isOpen(traits, date)) return empty;
  const counters = countersAt(shop, traits, date, options);
  const counts = registerCounts(shop, traits, date, options);
  const slots = traits.hours.get(isoWeekday(date)) ?? [];
  const pool = productPool(options.catalogue);
  const over = date < today || romeMinuteOfDay(options.now) >= closeMinute(traits, date);
  const cutoff = over ? Number.POSITIVE_INFINITY : romeHourStart(options.now) * 60;
  const offset = romeOffset(date);
  const receipts: (ReceiptRecord & { second: number })[] = [];
  for (const [index, count] of counts.entries()) {
    const register = `CASSA${index + 1}`;
    const random = createRandom(options.seed, shop.code, date, register);
    const seconds = Array.from({ length: count }, () => receiptSecond(random, slots)).sort((a, b) => a - b);
    for (const [position, second] of seconds.entries()) {
      // Drafted before the cut so that today's receipts are the start of the same day generated later.
      const draft = draftReceipt(random, { date, pool, shop, traits, second, register });
      if (second >= cutoff) break;
      receipts.push({
        ...draft,
        issuedAt: `${date}T${clockTime(second)}${offset}`,
        receiptNumber: position + 1,
        sequenceNumber: (counters.sequences[index] ?? 0) + position + 1,
      });
    }
  }
  receipts.sort((a, b) => a.second - b.second);
  const records: ReceiptRecord[] = receipts.map(({ second: _second, ...record }) => record);
  if (!over) return { ...empty, receipts: records };
  const close = fiscalClose({
    shop,
    traits,
    date,
    receipts: records,
    closeNumber: counters.closes + 1,
    context: options,
  });
  return {
    businessDate: date,
    receipts: records,
    fiscalClose: close.record,
    fiscalDifferenceCents: close.differenceCents,
    closeSent: !unsentCloseDay(options.seed, shop.code, traits, date),
  };
}

// ——— Streams ———

export type SalesBatch =
  | { kind: 'receipts'; shopCode: string; businessDate: string; records: ReceiptRecord[] }
  | { kind: 'fiscalCloses'; shopCode: string; records: FiscalCloseRecord[] };

/**
 * The history of the shops from `from` to `to` (inclusive) in batches the ingestion takes: days in
 * order, every shop's day before the next day, so the tables grow as they would in production. A
 * shop's receipts are held until they fill a batch of `ingestBatchMax` (one transaction per batch is
 * what ingestion costs most), so at most that many per shop are ever in memory; its fiscal closes go
 * at the end of each month (but for the one a month the agent does not send). `businessDate` is the last day a receipts batch reaches.
 */
export function* generateSalesBatches(
  options: GeneratorContext & { shops: readonly SalesShop[]; from: string; to: string },
): Generator<SalesBatch> {
  const held = new Map(
    options.shops.map((shop) => [shop.code, { receipts: [] as ReceiptRecord[], closes: [] as FiscalCloseRecord[] }]),
  );
  for (let date = options.from; date <= options.to; date = addDays(date, 1)) {
    const last = date === options.to;
    const monthEnds = last || addDays(date, 1).slice(8) === '01';
    for (const shop of options.shops) {
      const day = generateShopDay({ ...options, shop, businessDate: date });
      const buffer = held.get(shop.code) as { receipts: ReceiptRecord[]; closes: FiscalCloseRecord[] };
      for (const receipt of day.receipts) {
        buffer.receipts.push(receipt);
        if (buffer.receipts.length === ingestBatchMax) {
          yield { kind: 'receipts', shopCode: shop.code, businessDate: date, records: buffer.receipts };
          buffer.receipts = [];
        }
      }
      if (last && buffer.receipts.length > 0) {
        yield { kind: 'receipts', shopCode: shop.code, businessDate: date, records: buffer.receipts };
        buffer.receipts = [];
      }
      if (day.fiscalClose && day.closeSent) buffer.closes.push(day.fiscalClose);
      if (monthEnds && buffer.closes.length > 0) {
        yield { kind: 'fiscalCloses', shopCode: shop.code, records: buffer.closes };
        buffer.closes = [];
      }
    }
  }
}

// ——— Benchmark shops ———

/** Opening hours of the benchmark shops: the demo's split openings, some open on Sunday afternoon. */
export function benchmarkShopHours(index: number): OpeningSlot[] {
  const random = createRandom('bench-hours', index);
  const opens = random.pick(['09:00', '09:30', '10:00']);
  const closes = random.pick(['19:30', '20:00']);
  const slots: OpeningSlot[] = [1, 2, 3, 4, 5, 6].flatMap((weekday) =>
    // Shopping-centre shops open straight through; high-street ones close for lunch.
    index % 3 === 0
      ? [{ weekday, opensAt: opens, closesAt: weekday === 6 ? '21:00' : closes }]
      : [
          { weekday, opensAt: opens, closesAt: '13:00' },
          { weekday, opensAt: '15:30', closesAt: weekday === 6 ? '20:30' : closes },
        ],
  );
  if (random.chance(0.4)) slots.push({ weekday: 7, opensAt: '15:00', closesAt: '19:30' });
  return slots;
}

/** BENCH001, BENCH002 … */
export function benchmarkShopCode(index: number): string {
  return `BENCH${String(index).padStart(3, '0')}`;
}
