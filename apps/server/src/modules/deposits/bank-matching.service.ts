// The check of deposits against the bank (issue 21, spec §2 deposit/check, §8 bank transmission errors): the credits
// not yet convalidated are matched to the deposits still entered (deposits.matching.ts), each proposal with the §8
// problems that would stop its accounting entry, and a person convalidates a proposal, one of an ambiguous credit's
// candidates, or credits and deposits they pair by hand. Convalidating links the deposits to their credits and fixes
// them; it is refused, naming the problem, while one remains.
import type { BankConvalidateBody, BankLineProblem, BankMatch, BankMatching } from '@bottega/contracts/bank';
import { and, eq, gt, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import { inScopePlaceholder, shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { type Database, type Executor, readTogether } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { accountKey } from './bank-statements.jobs';
import { bankLines, depositBankLines } from './bank-statements.schema';
import { selectBankLines, toBankLine } from './bank-statements.service';
import { type CreditToMatch, matchDeposits } from './deposits.matching';
import { deposits } from './deposits.schema';
import { depositAuditEntity, selectDeposits, toDeposit } from './deposits.service';

type Call = { db: Database; viewer: SessionContext };

/** The credits a viewer may match: their shops' accounts, and accounts of no single shop (a shared account). */
export function creditScope(viewer: SessionContext) {
  const scope = shopsInScope(viewer, 'shops');
  return scope === 'all'
    ? undefined
    : or(isNull(bankLines.shopId), scope.length ? inArray(bankLines.shopId, scope) : sql`false`);
}

/**
 * creditScope in a prepared statement: the placeholder `creditShops` holds shopsInScopeValue(viewer, 'shops') (null:
 * every account).
 */
export const creditScopePlaceholder = or(isNull(bankLines.shopId), inScopePlaceholder(bankLines.shopId, 'creditShops'));

function depositScope(viewer: SessionContext) {
  const scope = shopsInScope(viewer, 'shops');
  return scope === 'all' ? undefined : scope.length ? inArray(deposits.shopId, scope) : sql`false`;
}

const notLinked = (db: Executor) =>
  notExists(db.select({ one: sql`1` }).from(depositBankLines).where(eq(depositBankLines.bankLineId, bankLines.id)));

/** What the company knows now, which a credit's text and account are read against: shop accounts, cards, codes. */
async function knownNow(db: Executor) {
  const [accounts, cards, codes] = await readTogether(db, [
    () => db.select({ account: shops.accountNumber }).from(shops).where(ne(shops.accountNumber, '')),
    () => db.select({ card: users.depositCardNumber }).from(users).where(ne(users.depositCardNumber, '')),
    () => db.select({ code: shops.code }).from(shops),
  ]);
  return {
    accounts: new Set(accounts.map((row) => accountKey(row.account))),
    cards: new Set(cards.map((row) => row.card)),
    codes: new Set(codes.map((row) => row.code)),
  };
}

/** What the credits' own content says: an account no shop has, a deposit card nobody has. */
function creditProblems(
  credits: { id: number; account: string; bookingDate: string; amountCents: number; description: string }[],
  known: Awaited<ReturnType<typeof knownNow>>,
): Map<number, BankLineProblem[]> {
  const { unknownCards } = matchDeposits({
    deposits: [],
    credits: credits as CreditToMatch[],
    knownCards: known.cards,
    knownShopCodes: known.codes,
  });
  const problems = new Map<number, BankLineProblem[]>();
  const add = (id: number, problem: BankLineProblem) => problems.set(id, [...(problems.get(id) ?? []), problem]);
  // With no shop's account recorded, the company has not said which accounts are its own: nothing to hold against.
  if (known.accounts.size > 0)
    for (const credit of credits) if (!known.accounts.has(accountKey(credit.account))) add(credit.id, 'masterDocument');
  for (const entry of unknownCards) add(entry.creditId, 'depositCardNotFound');
  return problems;
}

/**
 * The deposits whose accounting entry cannot be built: the first note of their day is not there (the shop's report
 * of that day, or of the last day before it that has one, is not closed), or the shop's deposits up to that day
 * exceed the cash its closed reports took (the progressive balance would turn to credit).
 */
async function depositProblems(db: Executor, ids: number[]): Promise<Map<number, BankLineProblem[]>> {
  const problems = new Map<number, BankLineProblem[]>();
  if (ids.length === 0) return problems;
  // The progressive balance in one pass per shop: closed reports' cash in, deposits out, summed by day in date order;
  // each deposit reads its own day's balance (its day always has a row: the deposit itself).
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const answer = await db.execute(sql`
    WITH chosen AS (SELECT id, shop_id, date FROM deposits WHERE id IN (${idList})),
    span AS (SELECT max(date) AS last FROM chosen),
    moves AS (
      SELECT shop_id, business_date AS day, daily_cash_cents AS cents FROM cash_reports
      WHERE status = 'closed' AND daily_cash_cents IS NOT NULL AND business_date <= (SELECT last FROM span)
        AND shop_id IN (SELECT shop_id FROM chosen)
      UNION ALL
      SELECT shop_id, date, -amount_cents FROM deposits
      WHERE date <= (SELECT last FROM span) AND shop_id IN (SELECT shop_id FROM chosen)
    ),
    daily AS (
      SELECT shop_id, day, sum(sum(cents)) OVER (PARTITION BY shop_id ORDER BY day) AS balance
      FROM moves GROUP BY shop_id, day
    )
    SELECT chosen.id,
      (SELECT r.status FROM cash_reports r WHERE r.shop_id = chosen.shop_id AND r.business_date <= chosen.date
        ORDER BY r.business_date DESC LIMIT 1) IS DISTINCT FROM 'closed' AS "firstNote",
      daily.balance < 0 AS "progressive"
    FROM chosen JOIN daily ON daily.shop_id = chosen.shop_id AND daily.day = chosen.date`);
  for (const row of (answer as unknown as { rows: { id: number; firstNote: boolean; progressive: boolean }[] }).rows) {
    const found: BankLineProblem[] = [];
    if (row.firstNote) found.push('firstNote');
    if (row.progressive) found.push('progressiveDebitCredit');
    if (found.length) problems.set(Number(row.id), found);
  }
  return problems;
}

function proposal(
  creditIds: number[],
  depositIds: number[],
  problems: { credits: Map<number, BankLineProblem[]>; deposits: Map<number, BankLineProblem[]> },
): BankMatch {
  const found = new Set<BankLineProblem>([
    ...creditIds.flatMap((id) => problems.credits.get(id) ?? []),
    ...depositIds.flatMap((id) => problems.deposits.get(id) ?? []),
  ]);
  return { creditIds, depositIds, problems: [...found] };
}

/** Every open credit against every entered deposit the viewer reaches, as proposals to convalidate. */
export async function getBankMatching(options: Call): Promise<BankMatching> {
  const { db, viewer } = options;
  const [creditRows, depositRows] = await Promise.all([
    selectBankLines(db)
      .where(and(gt(bankLines.amountCents, 0), notLinked(db), creditScope(viewer)))
      .orderBy(bankLines.bookingDate, bankLines.id),
    selectDeposits(db)
      .where(and(eq(deposits.state, 'entered'), depositScope(viewer)))
      .orderBy(deposits.date, deposits.id),
  ]);
  const credits = creditRows.map(toBankLine);
  const open = depositRows.map(toDeposit);
  const known = await knownNow(db);
  const outcome = matchDeposits({
    deposits: open.map((deposit) => ({
      id: deposit.id,
      shopId: deposit.shopId,
      shopCode: deposit.shopCode,
      date: deposit.date,
      amountCents: deposit.amountCents,
      cardNumber: deposit.cardNumber,
    })),
    credits,
    knownCards: known.cards,
    knownShopCodes: known.codes,
  });
  const problems = {
    credits: creditProblems(credits, known),
    deposits: await depositProblems(
      db,
      open.map((d) => d.id),
    ),
  };
  return {
    credits,
    deposits: open,
    matched: outcome.matched.map((match) => proposal(match.creditIds, match.depositIds, problems)),
    ambiguous: outcome.ambiguous.map((entry) => ({
      creditId: entry.creditId,
      candidates: entry.candidates.map((depositIds) => proposal([entry.creditId], depositIds, problems)),
    })),
    unknownCards: outcome.unknownCards,
    unmatchedCredits: outcome.unmatchedCredits,
    unmatchedDeposits: outcome.unmatchedDeposits,
  };
}

const problemError: Record<BankLineProblem, ConstructorParameters<typeof AppError>[0]> = {
  masterDocument: 'bankMasterDocument',
  firstNote: 'bankFirstNote',
  movements: 'bankMovements',
  progressiveDebitCredit: 'bankProgressiveDebitCredit',
  depositCardNotFound: 'bankDepositCardNotFound',
};

/**
 * Convalidates the deposits with the credits they arrived in: both sides must sum to the same amount, every deposit
 * be the viewer's and still entered, every credit open, and none have a §8 problem. All or nothing, audited per
 * deposit.
 */
export async function convalidateWithBank(
  options: Call & { body: BankConvalidateBody; now: Date; ip?: string },
): Promise<{ depositIds: number[] }> {
  const { db, viewer, body } = options;
  const creditIds = [...new Set(body.creditIds)];
  const depositIds = [...new Set(body.depositIds)];
  return db.transaction(async (tx) => {
    const chosenDeposits = await tx
      .select({ id: deposits.id, state: deposits.state, amountCents: deposits.amountCents })
      .from(deposits)
      .where(and(inArray(deposits.id, depositIds), depositScope(viewer)))
      .for('update');
    if (chosenDeposits.length !== depositIds.length) throw new AppError('notFound');
    if (chosenDeposits.some((deposit) => deposit.state !== 'entered')) throw new AppError('depositConvalidated');
    const credits = (await selectBankLines(tx).where(and(inArray(bankLines.id, creditIds), creditScope(viewer)))).map(
      toBankLine,
    );
    if (credits.length !== creditIds.length || credits.some((credit) => credit.amountCents <= 0))
      throw new AppError('notFound');
    if (credits.some((credit) => credit.depositIds.length > 0)) throw new AppError('bankLineLinked');
    const creditsCents = credits.reduce((total, credit) => total + credit.amountCents, 0);
    const depositsCents = chosenDeposits.reduce((total, deposit) => total + deposit.amountCents, 0);
    if (creditsCents !== depositsCents) throw new AppError('bankMovements');
    const found = proposal(creditIds, depositIds, {
      credits: creditProblems(credits, await knownNow(tx)),
      deposits: await depositProblems(tx, depositIds),
    });
    const first = found.problems[0];
    if (first) throw new AppError(problemError[first]);

    await tx
      .insert(depositBankLines)
      .values(
        depositIds.flatMap((depositId) =>
          creditIds.map((bankLineId) => ({ depositId, bankLineId, linkedBy: viewer.userId, linkedAt: options.now })),
        ),
      );
    await tx
      .update(deposits)
      .set({
        state: 'convalidated',
        convalidatedBy: viewer.userId,
        convalidatedAt: options.now,
        updatedAt: options.now,
      })
      .where(inArray(deposits.id, depositIds));
    for (const depositId of depositIds)
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'deposit.convalidated',
        entity: depositAuditEntity,
        entityId: depositId,
        fromState: 'entered',
        toState: 'convalidated',
        data: { bankLineIds: creditIds, creditsCents, depositsCents },
        ip: options.ip,
      });
    return { depositIds };
  });
}
