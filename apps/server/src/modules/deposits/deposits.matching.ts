// Matching the bank statement's credits to the deposits the shops recorded: an employee carries the day's cash to
// the bank with a personal deposit card, the shop records the deposit, and days later the bank books a credit whose
// remittance text may name the card or the shop. Like an accounting package's reconciliation models, but aware of
// our shops and cards. Pure: the service loads the rows, calls matchDeposits and stores what people confirm.
//
// The rules, strongest evidence first:
// 1. Reference. A credit whose text names deposit cards or shop codes is matched only with deposits of those cards
//    or shops (a named shop's deposit is never given to another shop because the amounts agree). A text naming a
//    card nobody has goes to `unknownCards` and stays unmatched: someone must find out whose card it is (spec §8,
//    "deposit card of some employee not found").
// 2. Window. A credit matches a deposit booked on its day or up to `windowDays` calendar days after it (7 by
//    default); never before it.
// 3. Shapes. One credit for one deposit of the same amount; one credit for 2–4 deposits of one card or one shop on
//    consecutive days that sum to it (an employee carrying several days' cash at once; named credits only, since
//    summing arbitrary deposits to an amount is guesswork); one deposit split in 2–3 credits of its card or shop
//    that sum to it (named credits only).
// 4. Choice. Candidates are ranked by how they are named (card and shop, card, shop, nothing), then single before
//    group, then the fewest days between deposit and credit. Exactly one best candidate is a match; several equally
//    good ones make the credit ambiguous, listing them, and those deposits wait for a person too.
// Credits are decided strongest evidence first: named singles and groups, then splits, then credits that name
// nothing (amount and date only). Debits and zero amounts are not deposits and are left out of the outcome.
//
// How a card number is recognised in the text (kept simple on purpose):
// - A digit run is digits grouped by single spaces or dashes ("5333 1234 5678 9012", "5333-1234-5678-9012"),
//   standing as a whole token: no letter or digit right before or after it (so an IBAN's digits never count).
// - A run names a known card (any employee's, or the card of a deposit being matched) when the digits of some of
//   its consecutive groups, 8 to 19 of them, are that card: a card followed by a date "12345678 05-01-2026" names
//   12345678.
// - A run names an unknown card only when it follows the word CARD, CARTA or TESSERA (optionally "versamento" or
//   "deposito" and "n.", "nr", "no", "numero", ":", "#", "°"), holds no known card and has 8 to 19 digits. A bare
//   number nobody has is not called a card: remittance texts are full of dates, branch codes and references.
// - Masked cards ("5333 **** **** 9012") name nothing, and neither can a card stored with under 8 digits or letters.

export type DepositToMatch = {
  id: number;
  shopId: number;
  /** The shop's business/deposit id, e.g. 'MI01'. */
  shopCode: string;
  /** YYYY-MM-DD */
  date: string;
  amountCents: number;
  /** The card of the employee who carried the cash, '' if none. */
  cardNumber: string;
};

export type CreditToMatch = {
  id: number;
  /** YYYY-MM-DD */
  bookingDate: string;
  amountCents: number;
  /** The remittance text. */
  description: string;
};

export type MatchOutcome = {
  /** One credit ↔ one deposit, one credit ↔ several deposits of a card or shop, or one deposit ↔ several credits. */
  matched: { creditIds: number[]; depositIds: number[] }[];
  /** A credit with several equally good candidates; the deposits listed are not repeated in unmatchedDeposits. */
  ambiguous: { creditId: number; candidates: number[][] }[];
  /** The credit's text names a deposit card no employee has; the credit is not matched. */
  unknownCards: { creditId: number; cardNumber: string }[];
  unmatchedCredits: number[];
  unmatchedDeposits: number[];
};

export const defaultMatchingWindowDays = 7;
/** The most deposits one credit may gather: a working week's cash carried at once. */
const maximumGroupSize = 4;
/** The most credits one deposit may be split into. */
const maximumSplitSize = 3;
/**
 * A bound on the groups tried for one credit: a card or shop with that many combinations in a week is not one a
 * sum can settle, and the credit is left to people rather than slowing the whole statement down.
 */
const maximumGroupSteps = 5_000;

/** How a candidate is named by the credit's text; lower is stronger. */
const byCardAndShop = 0;
const byCard = 1;
const byShop = 2;
const byNothing = 3;

type Deposit = DepositToMatch & { day: number; card: string; code: string };
type Credit = CreditToMatch & { day: number; cards: Set<string>; codes: Set<string> };

/** A credit and the deposits it could settle, with what ranks it: naming, shape (0 single, 1 group), distance. */
type Candidate = { credit: Credit; deposits: Deposit[]; naming: number; shape: number; distance: number };

const dayMilliseconds = 86_400_000;

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / dayMilliseconds;
}

function compactCard(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

const digitRunPattern = /(?<![\p{L}\p{N}])\d+(?:[ -]\d+)*(?![\p{L}\p{N}])/gu;
const cardWordBeforePattern =
  /(?<![\p{L}\p{N}])(?:card|carta|tessera)(?:[\s.:#°]+(?:versamento|versamenti|deposito|deposit))?(?:[\s.:#°]+(?:n|nr|no|num|numero))?[\s.:#°]*$/iu;

/** The known cards a text names, and the first unknown card it names after a card word (rules above). */
function readCards(text: string, knownCards: ReadonlySet<string>): { cards: Set<string>; unknownCard?: string } {
  const cards = new Set<string>();
  let unknownCard: string | undefined;
  for (const run of text.matchAll(digitRunPattern)) {
    const groups = run[0].split(/[ -]/);
    let namesKnownCard = false;
    for (let first = 0; first < groups.length; first++) {
      let digits = '';
      for (let last = first; last < groups.length && digits.length < 19; last++) {
        digits += groups[last];
        if (digits.length >= 8 && digits.length <= 19 && knownCards.has(digits)) {
          cards.add(digits);
          namesKnownCard = true;
        }
      }
    }
    const compact = groups.join('');
    if (namesKnownCard || unknownCard !== undefined || compact.length < 8 || compact.length > 19) continue;
    if (cardWordBeforePattern.test(text.slice(Math.max(0, run.index - 40), run.index))) unknownCard = compact;
  }
  return { cards, unknownCard };
}

function escapeRegularExpression(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Shop codes as whole words, any case: 'MI01' in "VERS. MI01 05/01", not in "MI012". */
function shopCodeReader(codes: Iterable<string>): (text: string) => Set<string> {
  const alternatives = [...new Set(codes)]
    .filter((code) => code !== '')
    .sort((left, right) => right.length - left.length)
    .map(escapeRegularExpression);
  if (alternatives.length === 0) return () => new Set();
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return (text) => new Set([...text.matchAll(pattern)].map((match) => match[0].toUpperCase()));
}

/** The index of the first item whose day is at least `day`, in a list sorted by day. */
function firstOnOrAfter<T extends { day: number }>(items: T[], day: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((items[middle] as T).day < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The items whose day lies in [from, to], from a list sorted by day. */
function between<T extends { day: number }>(items: T[] | undefined, from: number, to: number): T[] {
  if (!items) return [];
  const result: T[] = [];
  for (let index = firstOnOrAfter(items, from); index < items.length && (items[index] as T).day <= to; index++) {
    result.push(items[index] as T);
  }
  return result;
}

function groupBy<T>(items: T[], keyOf: (item: T) => string | number): Map<string | number, T[]> {
  const groups = new Map<string | number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function byDayThenId(left: { day: number; id: number }, right: { day: number; id: number }): number {
  return left.day - right.day || left.id - right.id;
}

function naming(credit: Credit, deposit: Deposit): number {
  const card = deposit.card !== '' && credit.cards.has(deposit.card);
  const shop = credit.codes.has(deposit.code);
  if (card && shop) return byCardAndShop;
  if (card) return byCard;
  if (shop) return byShop;
  return byNothing;
}

/**
 * Sets of 2–4 deposits from `pool` (one card's or one shop's, sorted by day, all in the credit's window) on
 * consecutive days (each the same day as the previous or the next) whose amounts sum to the credit. Undefined when
 * the search passes its bound.
 */
function groupsSummingTo(pool: Deposit[], target: number): Deposit[][] | undefined {
  const groups: Deposit[][] = [];
  const chosen: Deposit[] = [];
  let steps = 0;
  const extend = (from: number, sum: number): boolean => {
    for (let index = from; index < pool.length; index++) {
      const deposit = pool[index] as Deposit;
      const previous = chosen[chosen.length - 1];
      if (previous && deposit.day - previous.day > 1) break;
      if (++steps > maximumGroupSteps) return false;
      const total = sum + deposit.amountCents;
      if (total > target) continue;
      chosen.push(deposit);
      if (total === target && chosen.length >= 2) groups.push([...chosen]);
      else if (total < target && chosen.length < maximumGroupSize && !extend(index + 1, total)) return false;
      chosen.pop();
    }
    return true;
  };
  return extend(0, 0) ? groups : undefined;
}

function sameRank(left: Candidate, right: Candidate): boolean {
  return left.naming === right.naming && left.shape === right.shape && left.distance === right.distance;
}

function compareCandidates(left: Candidate, right: Candidate): number {
  return (
    left.naming - right.naming ||
    left.shape - right.shape ||
    left.distance - right.distance ||
    left.credit.day - right.credit.day ||
    left.credit.id - right.credit.id
  );
}

const ascending = (left: number, right: number) => left - right;

export function matchDeposits(options: {
  deposits: DepositToMatch[];
  credits: CreditToMatch[];
  knownCards: ReadonlySet<string>;
  /** Calendar days a credit may be booked after its deposit's date (0: the same day only). */
  windowDays?: number;
  /**
   * Every shop's code: a text naming a shop with no deposit among these still names it, and is then matched with
   * no other shop's deposit. Without it, the codes known are those of the deposits given.
   */
  knownShopCodes?: ReadonlySet<string>;
}): MatchOutcome {
  const windowDays = options.windowDays ?? defaultMatchingWindowDays;
  const deposits: Deposit[] = options.deposits
    .map((deposit) => ({
      ...deposit,
      day: dayNumber(deposit.date),
      card: compactCard(deposit.cardNumber),
      code: deposit.shopCode.toUpperCase(),
    }))
    .sort(byDayThenId);
  // A deposit's card is somebody's card even when the employee has since left.
  const knownCards = new Set([...options.knownCards].map(compactCard));
  for (const deposit of deposits) if (deposit.card !== '') knownCards.add(deposit.card);
  const readShopCodes = shopCodeReader([
    ...deposits.map((deposit) => deposit.code),
    ...[...(options.knownShopCodes ?? [])].map((code) => code.toUpperCase()),
  ]);

  const outcome: MatchOutcome = {
    matched: [],
    ambiguous: [],
    unknownCards: [],
    unmatchedCredits: [],
    unmatchedDeposits: [],
  };
  const credits: Credit[] = [];
  for (const credit of options.credits) {
    if (credit.amountCents <= 0) continue;
    const { cards, unknownCard } = readCards(credit.description, knownCards);
    if (unknownCard !== undefined) {
      outcome.unknownCards.push({ creditId: credit.id, cardNumber: unknownCard });
      continue;
    }
    credits.push({ ...credit, day: dayNumber(credit.bookingDate), cards, codes: readShopCodes(credit.description) });
  }
  credits.sort(byDayThenId);

  // Indexes, each sorted by day: no credit looks at more than its card's, shop's or amount's deposits in its window.
  const depositsByCard = groupBy(
    deposits.filter((deposit) => deposit.card !== ''),
    (deposit) => deposit.card,
  );
  const depositsByCode = groupBy(deposits, (deposit) => deposit.code);
  const depositsByAmount = groupBy(deposits, (deposit) => deposit.amountCents);

  /** Deposits matched, or held because an ambiguous credit lists them. */
  const takenDeposits = new Set<number>();
  const decidedCredits = new Set<number>();
  const available = (candidate: Candidate) => candidate.deposits.every((deposit) => !takenDeposits.has(deposit.id));

  const candidatesOfNamedCredit = (credit: Credit): Candidate[] => {
    const pools: Deposit[][] = [];
    for (const card of credit.cards) pools.push(between(depositsByCard.get(card), credit.day - windowDays, credit.day));
    for (const code of credit.codes) pools.push(between(depositsByCode.get(code), credit.day - windowDays, credit.day));
    const candidates = new Map<string, Candidate>();
    for (const pool of pools) {
      for (const deposit of pool) {
        if (deposit.amountCents !== credit.amountCents) continue;
        const distance = credit.day - deposit.day;
        candidates.set(`${deposit.id}`, {
          credit,
          deposits: [deposit],
          naming: naming(credit, deposit),
          shape: 0,
          distance,
        });
      }
      const positive = pool.filter((deposit) => deposit.amountCents > 0);
      for (const group of groupsSummingTo(positive, credit.amountCents) ?? []) {
        const key = group
          .map((deposit) => deposit.id)
          .sort(ascending)
          .join(',');
        const groupNaming = Math.max(...group.map((deposit) => naming(credit, deposit)));
        const distance = credit.day - Math.max(...group.map((deposit) => deposit.day));
        candidates.set(key, { credit, deposits: group, naming: groupNaming, shape: 1, distance });
      }
    }
    return [...candidates.values()];
  };

  const candidatesOfUnnamedCredit = (credit: Credit): Candidate[] =>
    between(depositsByAmount.get(credit.amountCents), credit.day - windowDays, credit.day).map((deposit) => ({
      credit,
      deposits: [deposit],
      naming: byNothing,
      shape: 0,
      distance: credit.day - deposit.day,
    }));

  /**
   * Decides credits strongest candidate first. A credit whose best remaining candidate is the only one of its rank,
   * wanted by no other undecided credit at that rank, is matched; otherwise the credit and its rivals at that rank
   * are ambiguous and their candidates' deposits are held for a person.
   */
  const decide = (candidates: Candidate[]) => {
    const byCredit = groupBy(candidates, (candidate) => candidate.credit.id);
    const byDeposit = new Map<number, Candidate[]>();
    for (const candidate of candidates) {
      for (const deposit of candidate.deposits) {
        const list = byDeposit.get(deposit.id);
        if (list) list.push(candidate);
        else byDeposit.set(deposit.id, [candidate]);
      }
    }
    const tiesOf = (creditId: number, rank: Candidate) =>
      (byCredit.get(creditId) ?? []).filter((other) => sameRank(other, rank) && available(other));
    for (const candidate of candidates.sort(compareCandidates)) {
      if (decidedCredits.has(candidate.credit.id) || !available(candidate)) continue;
      const ties = tiesOf(candidate.credit.id, candidate);
      const rivals = new Set<number>();
      for (const tie of ties) {
        for (const deposit of tie.deposits) {
          for (const other of byDeposit.get(deposit.id) ?? []) {
            const creditId = other.credit.id;
            if (creditId === candidate.credit.id || decidedCredits.has(creditId)) continue;
            if (sameRank(other, candidate) && available(other)) rivals.add(creditId);
          }
        }
      }
      if (ties.length === 1 && rivals.size === 0) {
        decidedCredits.add(candidate.credit.id);
        for (const deposit of candidate.deposits) takenDeposits.add(deposit.id);
        outcome.matched.push({
          creditIds: [candidate.credit.id],
          depositIds: candidate.deposits.map((deposit) => deposit.id).sort(ascending),
        });
        continue;
      }
      const contested = [candidate.credit.id, ...rivals].map((creditId) => ({
        creditId,
        ties: tiesOf(creditId, candidate),
      }));
      for (const { creditId, ties: creditTies } of contested) {
        decidedCredits.add(creditId);
        outcome.ambiguous.push({
          creditId,
          candidates: creditTies
            .map((tie) => tie.deposits.map((deposit) => deposit.id).sort(ascending))
            .sort((left, right) => (left[0] ?? 0) - (right[0] ?? 0) || left.length - right.length),
        });
      }
      for (const { ties: creditTies } of contested) {
        for (const tie of creditTies) for (const deposit of tie.deposits) takenDeposits.add(deposit.id);
      }
    }
  };

  /**
   * Splits: each deposit still open, in date order, with the named undecided credits of its card or shop in its
   * window that sum to it in two or three. The best combination (strongest naming, then nearest last credit) is
   * matched when it is the only one; otherwise its credits are ambiguous with this deposit as their candidate.
   */
  const decideSplits = (namedCredits: Credit[]) => {
    // Credits are sorted by day, so each list is too.
    const creditsByCard = new Map<string, Credit[]>();
    const creditsByCode = new Map<string, Credit[]>();
    const add = (index: Map<string, Credit[]>, key: string, credit: Credit) => {
      const list = index.get(key);
      if (list) list.push(credit);
      else index.set(key, [credit]);
    };
    for (const credit of namedCredits) {
      for (const card of credit.cards) add(creditsByCard, card, credit);
      for (const code of credit.codes) add(creditsByCode, code, credit);
    }
    for (const deposit of deposits) {
      if (takenDeposits.has(deposit.id) || deposit.amountCents <= 0) continue;
      const pool = new Map<number, Credit>();
      const sources = [
        deposit.card === '' ? undefined : creditsByCard.get(deposit.card),
        creditsByCode.get(deposit.code),
      ];
      for (const source of sources) {
        for (const credit of between(source, deposit.day, deposit.day + windowDays)) {
          if (!decidedCredits.has(credit.id) && credit.amountCents < deposit.amountCents) pool.set(credit.id, credit);
        }
      }
      if (pool.size < 2) continue;
      const options = [...pool.values()];
      const splits: { credits: Credit[]; naming: number; distance: number }[] = [];
      let steps = 0;
      const extend = (from: number, chosen: Credit[], sum: number): boolean => {
        for (let index = from; index < options.length; index++) {
          if (++steps > maximumGroupSteps) return false;
          const credit = options[index] as Credit;
          const total = sum + credit.amountCents;
          if (total > deposit.amountCents) continue;
          const next = [...chosen, credit];
          if (total === deposit.amountCents && next.length >= 2) {
            splits.push({
              credits: next,
              naming: Math.max(...next.map((each) => naming(each, deposit))),
              distance: Math.max(...next.map((each) => each.day)) - deposit.day,
            });
          } else if (total < deposit.amountCents && next.length < maximumSplitSize && !extend(index + 1, next, total)) {
            return false;
          }
        }
        return true;
      };
      // Past the bound the deposit has too many possible splits for a sum to settle: it is left to people.
      if (!extend(0, [], 0) || splits.length === 0) continue;
      splits.sort((left, right) => left.naming - right.naming || left.distance - right.distance);
      const best = splits[0] as (typeof splits)[number];
      const tied = splits.filter((split) => split.naming === best.naming && split.distance === best.distance);
      takenDeposits.add(deposit.id);
      if (tied.length === 1) {
        for (const credit of best.credits) decidedCredits.add(credit.id);
        outcome.matched.push({
          creditIds: best.credits.map((credit) => credit.id).sort(ascending),
          depositIds: [deposit.id],
        });
        continue;
      }
      for (const credit of new Set(tied.flatMap((split) => split.credits))) {
        decidedCredits.add(credit.id);
        outcome.ambiguous.push({ creditId: credit.id, candidates: [[deposit.id]] });
      }
    }
  };

  const namedCredits = credits.filter((credit) => credit.cards.size > 0 || credit.codes.size > 0);
  const unnamedCredits = credits.filter((credit) => credit.cards.size === 0 && credit.codes.size === 0);
  decide(namedCredits.flatMap(candidatesOfNamedCredit));
  decideSplits(namedCredits.filter((credit) => !decidedCredits.has(credit.id)));
  decide(unnamedCredits.flatMap(candidatesOfUnnamedCredit));

  outcome.unmatchedCredits = credits
    .filter((credit) => !decidedCredits.has(credit.id))
    .map((credit) => credit.id)
    .sort(ascending);
  outcome.unmatchedDeposits = deposits
    .filter((deposit) => !takenDeposits.has(deposit.id))
    .map((deposit) => deposit.id)
    .sort(ascending);
  outcome.matched.sort((left, right) => (left.creditIds[0] ?? 0) - (right.creditIds[0] ?? 0));
  outcome.ambiguous.sort((left, right) => left.creditId - right.creditId);
  outcome.unknownCards.sort((left, right) => left.creditId - right.creditId);
  return outcome;
}
