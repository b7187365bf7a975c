// `npm run bench:deposits`: a year's bank statement against a year's deposits, 10,000 of each, for 50 shops and
// 300 employees' deposit cards, as accounting would match them at the end of the year. Most credits mirror a
// deposit (booked 0–5 days later, naming the card, the shop or nothing); some gather several days of a card, some
// split a deposit, some are other income. Target (the matching is one synchronous call in a request): under 1 s.
import { performance } from 'node:perf_hooks';
import {
  type CreditToMatch,
  type DepositToMatch,
  matchDeposits,
} from '../apps/server/src/modules/deposits/deposits.matching';

const size = Number(process.env.BENCH_DEPOSITS ?? 10_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 10);
const targetMs = 1000;

/** A seeded generator, so that every run measures the same statement. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = randomFrom(1);
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

const shops = Array.from({ length: 50 }, (_, index) => ({
  shopId: index + 1,
  shopCode: `S${String(index + 1).padStart(2, '0')}`,
}));
const cards = Array.from({ length: 300 }, (_, index) => ({
  shop: shops[index % shops.length] as (typeof shops)[number],
  cardNumber: String(5_333_000_000_000_000 + index * 7919),
}));

const deposits: DepositToMatch[] = [];
const credits: CreditToMatch[] = [];
for (let id = 1; deposits.length < size; id++) {
  const card = pick(cards);
  const date = Math.floor(random() * 360);
  // Cash takings in whole euros for most days, with cents now and then.
  const amountCents =
    random() < 0.7 ? Math.round(200 + random() * 4000) * 100 : Math.round(20_000 + random() * 400_000);
  deposits.push({ id, ...card.shop, date: day(date), amountCents, cardNumber: card.cardNumber });
}
let creditId = 1;
for (const deposit of deposits) {
  if (credits.length >= size) break;
  const delay = Math.floor(random() * 6);
  const naming = random();
  const description =
    naming < 0.4
      ? `VERSAMENTO CONTANTI CARTA ${deposit.cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ')}`
      : naming < 0.8
        ? `VERS. CONT. ${deposit.shopCode} DEL ${deposit.date}`
        : 'VERSAMENTO CONTANTI';
  const booked = day((Date.parse(deposit.date) - Date.UTC(2026, 0, 1)) / 86_400_000 + delay);
  const shape = random();
  if (shape < 0.05 && naming < 0.8) {
    const first = Math.floor(deposit.amountCents / 3);
    credits.push({ id: creditId++, bookingDate: booked, amountCents: first, description });
    credits.push({ id: creditId++, bookingDate: booked, amountCents: deposit.amountCents - first, description });
  } else if (shape < 0.1) {
    credits.push({
      id: creditId++,
      bookingDate: booked,
      amountCents: 1 + Math.floor(random() * 100_000),
      description: 'BONIFICO',
    });
  } else {
    credits.push({ id: creditId++, bookingDate: booked, amountCents: deposit.amountCents, description });
  }
}
const knownCards = new Set(cards.map((card) => card.cardNumber));

const times: number[] = [];
let outcome = matchDeposits({ deposits, credits, knownCards });
for (let sample = 0; sample < samples; sample++) {
  const started = performance.now();
  outcome = matchDeposits({ deposits, credits, knownCards });
  times.push(performance.now() - started);
}
times.sort((left, right) => left - right);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
const worst = times[times.length - 1] ?? Number.NaN;
console.log(`matchDeposits, ${deposits.length} deposits × ${credits.length} credits`);
console.log(`  median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (target ${targetMs} ms)`);
console.log(
  `  matched ${outcome.matched.length}, ambiguous ${outcome.ambiguous.length}, unknown cards ${outcome.unknownCards.length}, ` +
    `unmatched credits ${outcome.unmatchedCredits.length}, unmatched deposits ${outcome.unmatchedDeposits.length}`,
);
if (worst > targetMs) {
  console.error('target missed');
  process.exitCode = 1;
}
