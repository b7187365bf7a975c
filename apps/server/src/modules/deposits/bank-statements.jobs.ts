// The reading of an uploaded bank statement (issue 21, platform/jobs.ts): parse the file (CAMT.053 or CBI), refuse it
// whole with the parser's reason when it is not one or does not add up, else store its lines once each — a line is
// known by its fingerprint, so a statement uploaded again, or two statements that overlap, add nothing twice — with
// the shop whose account it is and the §8 problems a line has from its own content (an account no shop has, a deposit
// card nobody has). Then the holders of adminNotifications.bankFileUploaded are told.
import { createHash } from 'node:crypto';
import type { BankUploadFailure } from '@bottega/contracts/bank';
import { eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import { type BankStatement, BankStatementError, parseBankStatement } from '../../integrations/bank/bank-statement';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { defineJob } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import { type Storage, sealedStorage } from '../../platform/storage';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { bankLines, bankUploads } from './bank-statements.schema';
import { matchDeposits } from './deposits.matching';

export const bankAuditEntity = { upload: 'bankUpload', line: 'bankLine' };

/** Statements name people and accounts: kept sealed with the app key, as payslips are. */
export function sealedBankStorage(storage: Storage, config: Pick<Config, 'appKey'>): Storage {
  return sealedStorage(storage, config.appKey);
}

/**
 * An account as a shop's record and both formats name it: the shop keeps its 12-character account number (spec §3),
 * which is the end of the Italian IBAN (IT, check digits, CIN, ABI, CAB, account) and of the ABI + CAB + account a
 * CBI file without IBAN gives.
 */
export function accountKey(account: string): string {
  const compact = account.replace(/\s/g, '').toUpperCase();
  return compact.length > 12 ? compact.slice(-12) : compact;
}

type LineToStore = Omit<typeof bankLines.$inferInsert, 'uploadId'>;

/**
 * The statements' lines with their fingerprints: sha256 of what the bank says of a line, and its repeat number among
 * identical lines of the same statement (two €50 fees on one day are two lines; the same statement read again gives
 * the same fingerprints).
 */
export function linesOf(statements: BankStatement[]): (LineToStore & { fingerprint: string })[] {
  return statements.flatMap((statement) => {
    const seen = new Map<string, number>();
    return statement.entries.map((entry) => {
      const identity = [
        accountKey(statement.account),
        entry.bookingDate,
        entry.valueDate ?? '',
        entry.amountCents,
        entry.bankReference ?? '',
        entry.description,
      ].join('\u0000');
      const repeat = seen.get(identity) ?? 0;
      seen.set(identity, repeat + 1);
      return {
        account: statement.account.slice(0, 34),
        statementId: statement.statementId.slice(0, 100),
        line: entry.line,
        bankReference: entry.bankReference?.slice(0, 100) ?? null,
        bookingDate: entry.bookingDate,
        valueDate: entry.valueDate,
        amountCents: entry.amountCents,
        description: entry.description,
        counterparty: entry.counterparty?.slice(0, 200) ?? null,
        fingerprint: createHash('sha256').update(`${identity}\u0000${repeat}`).digest('hex'),
      };
    });
  });
}

function failureOf(error: BankStatementError): BankUploadFailure {
  const { problem } = error;
  return problem.kind === 'field' || problem.kind === 'unbalanced' ? problem : { kind: problem.kind };
}

async function failUpload(tx: Executor, uploadId: number, failure: BankUploadFailure, actorId: number | null) {
  await tx.update(bankUploads).set({ state: 'failed', failure }).where(eq(bankUploads.id, uploadId));
  await writeAudit(tx, {
    actorId,
    action: 'bankUpload.failed',
    entity: bankAuditEntity.upload,
    entityId: uploadId,
    fromState: 'processing',
    toState: 'failed',
    data: failure,
  });
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters with a line's 14 columns. */
const insertChunk = 1000;

export const importBankStatementJob = defineJob({
  kind: 'bank.importStatement',
  payload: z.object({ uploadId: z.number().int().positive() }),
  maxAttempts: 3,
  leaseSeconds: 300,
  onGiveUp: async (tx, { payload }) => failUpload(tx, payload.uploadId, { kind: 'gaveUp' }, null),
  run: async ({ db, config, storage, payload, progress, complete, startedBy }) => {
    const [upload] = await db.select().from(bankUploads).where(eq(bankUploads.id, payload.uploadId));
    if (upload?.state !== 'processing') return complete();
    const bytes = await sealedBankStorage(storage, config).get(upload.storageKey);
    await progress(0, 3);
    let statements: BankStatement[];
    try {
      statements = parseBankStatement(bytes);
    } catch (error) {
      if (!(error instanceof BankStatementError)) throw error;
      // No retry reads it differently: the upload says why, the job ends.
      const failure = failureOf(error);
      return complete(async (tx) => {
        await failUpload(tx, upload.id, failure, startedBy);
        return { uploadId: upload.id, failure };
      });
    }
    await progress(1, 3);

    const lines = linesOf(statements);
    const shopRows = await db.select({ id: shops.id, code: shops.code, account: shops.accountNumber }).from(shops);
    const shopsOfAccount = new Map<string, number[]>();
    for (const shop of shopRows) {
      if (shop.account === '') continue;
      const key = accountKey(shop.account);
      shopsOfAccount.set(key, [...(shopsOfAccount.get(key) ?? []), shop.id]);
    }
    const cards = await db.select({ card: users.depositCardNumber }).from(users).where(ne(users.depositCardNumber, ''));
    // The cards a credit names that nobody has: the matching's own reading of the text, with no deposit to match.
    const { unknownCards } = matchDeposits({
      deposits: [],
      credits: lines.map((line, index) => ({
        id: index,
        bookingDate: line.bookingDate,
        amountCents: line.amountCents,
        description: line.description ?? '',
      })),
      knownCards: new Set(cards.map((row) => row.card)),
      knownShopCodes: new Set(shopRows.map((row) => row.code)),
    });
    const unknownCardOf = new Map(unknownCards.map((entry) => [entry.creditId, entry.cardNumber]));
    const toStore = lines.map((line, index) => {
      const owners = shopsOfAccount.get(accountKey(line.account)) ?? [];
      const unknownCard = unknownCardOf.get(index) ?? null;
      return {
        ...line,
        uploadId: upload.id,
        shopId: owners.length === 1 ? (owners[0] ?? null) : null,
        unknownCard,
        problem: unknownCard
          ? ('depositCardNotFound' as const)
          : owners.length === 0 && shopsOfAccount.size > 0
            ? ('masterDocument' as const)
            : null,
      };
    });
    await progress(2, 3);
    const dates = lines.map((line) => line.bookingDate).sort();

    await complete(async (tx) => {
      let newLines = 0;
      for (let start = 0; start < toStore.length; start += insertChunk) {
        const inserted = await tx
          .insert(bankLines)
          .values(toStore.slice(start, start + insertChunk))
          .onConflictDoNothing({ target: bankLines.fingerprint })
          .returning({ id: bankLines.id });
        newLines += inserted.length;
      }
      const format = statements[0]?.format ?? null;
      await tx
        .update(bankUploads)
        .set({
          state: 'imported',
          format,
          statements: statements.length,
          lines: lines.length,
          newLines,
          firstDate: dates[0] ?? null,
          lastDate: dates.at(-1) ?? null,
        })
        .where(eq(bankUploads.id, upload.id));
      await writeAudit(tx, {
        actorId: startedBy,
        action: 'bankUpload.imported',
        entity: bankAuditEntity.upload,
        entityId: upload.id,
        fromState: 'processing',
        toState: 'imported',
        data: { format, statements: statements.length, lines: lines.length, newLines },
      });
      await notify(tx, {
        event: 'adminNotifications.bankFileUploaded',
        params: { name: upload.fileName },
        link: '/app/deposit/check',
        actorId: startedBy,
      });
      return { uploadId: upload.id, lines: lines.length, newLines };
    });
  },
});
