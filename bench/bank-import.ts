// `npm run bench:bank`: a year's bank statement imported and matched (issue 21). On a fresh PostgreSQL database
// (TEST_DATABASE_URL; made here and dropped after) it generates 50 shops with their accounts, 300 employees with
// deposit cards, a year of closed cash reports and 10,000 entered deposits (bench/deposits-data.ts), and writes a
// 10,000-line CAMT.053 file, one statement per shop's account, whose credits mirror most deposits as
// bench/deposits-matching.ts does (booked 0–5 days later, naming the card, the shop or nothing; a few split in two,
// some other income, some naming a card nobody has) with the bank's fees on some. Then, per sample, on empty bank
// tables:
//   (a) the import end to end: the upload (sealed into Storage, its row and job queued: startBankUpload) and the
//       job run to completion by a job worker (parse, fingerprints, unknown cards, chunked INSERTs, upload row,
//       audit, notification);
//   (b) the deposit check's answer (getBankMatching) for accounting, every shop: 10,000 open credits against
//       10,000 entered deposits, with the §8 problems;
//   (c) both together: target under 5 s;
// and the same file uploaded again (adds nothing). BENCH_BANK_PGLITE=1 runs the same on the embedded database too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { getBankMatching } from '../apps/server/src/modules/deposits/bank-matching.service';
import { getBankUpload, startBankUpload } from '../apps/server/src/modules/deposits/bank-statements.service';
import { openDatabase } from '../apps/server/src/platform/db';
import { createJobWorker } from '../apps/server/src/platform/jobs';
import type { SessionContext } from '../apps/server/src/platform/sessions';
import { createStorage } from '../apps/server/src/platform/storage';
import { createPostgresDatabase, testConfig } from '../apps/server/test/harness';
import { silentLogger } from '../apps/server/test/silent-logger';
import { generateDepositsData, report, writeStatement, year } from './deposits-data';

const shopCount = 50;
const lineCount = Number(process.env.BENCH_BANK_LINES ?? 10_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 5);
const targetMs = 5000;

async function bench(database: 'postgres' | 'pglite') {
  const created = database === 'postgres' ? await createPostgresDatabase() : null;
  const handle = created ? openDatabase({ databaseUrl: created.url }) : openDatabase({ inMemory: true });
  const folder = mkdtempSync(path.join(tmpdir(), 'bottega-bench-bank-'));
  let met = true;
  try {
    await handle.migrate();
    const { db } = handle;
    const viewer: SessionContext = await generateDepositsData(db, { shops: shopCount, depositsPerShop: 200 });
    const { bytes, mirrored } = await writeStatement(db, lineCount);
    const config = testConfig(folder);
    const storage = createStorage(config);
    const worker = createJobWorker(
      { db, now: () => new Date(), log: silentLogger, config, storage },
      { pollMs: 1000, concurrency: 1 },
    );
    console.log(
      `— ${database}: a CAMT.053 file of ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB, ${lineCount} lines ` +
        `(${mirrored} deposits mirrored), ${shopCount} statements`,
    );

    const upload = async () => {
      const { upload } = await startBankUpload({
        db,
        storage,
        config,
        viewer,
        file: { bytes, fileName: `estratto-conto-${year}.xml`, declaredType: 'application/xml' },
      });
      await worker.drain();
      return getBankUpload(db, upload.id);
    };
    const times = { importing: [] as number[], matching: [] as number[], both: [] as number[], again: [] as number[] };
    let outcome: Awaited<ReturnType<typeof getBankMatching>> | undefined;
    for (let sample = 0; sample < samples; sample += 1) {
      await db.execute(sql`TRUNCATE deposit_bank_lines, bank_lines, bank_uploads`);
      const started = performance.now();
      const first = await upload();
      const imported = performance.now();
      outcome = await getBankMatching({ db, viewer });
      const matched = performance.now();
      if (first.state !== 'imported' || first.newLines !== lineCount)
        throw new Error(`the import answered ${JSON.stringify(first)}`);
      if (outcome.credits.length === 0) throw new Error('no open credit to match');
      const again = await upload();
      const reimported = performance.now();
      if (again.state !== 'imported' || again.newLines !== 0)
        throw new Error(`the second import answered ${JSON.stringify(again)}`);
      times.importing.push(imported - started);
      times.matching.push(matched - imported);
      times.both.push(matched - started);
      times.again.push(reimported - matched);
    }
    report(`(a) import of the ${lineCount}-line file (upload + job)`, times.importing);
    report('(b) the deposit check for accounting (getBankMatching)', times.matching);
    met = report('(c) import and matching together', times.both, targetMs);
    report('the same file imported again (adds nothing)', times.again);
    if (outcome)
      console.log(
        `  ${outcome.credits.length} open credits × ${outcome.deposits.length} deposits: matched ${outcome.matched.length}, ` +
          `ambiguous ${outcome.ambiguous.length}, unknown cards ${outcome.unknownCards.length}, unmatched credits ` +
          `${outcome.unmatchedCredits.length}, unmatched deposits ${outcome.unmatchedDeposits.length}, proposals with a ` +
          `problem ${outcome.matched.filter((match) => match.problems.length > 0).length}`,
      );
    await worker.stop();
  } finally {
    await handle.close();
    rmSync(folder, { recursive: true, force: true });
    if (process.env.BENCH_BANK_KEEP === '1' && created) console.log(`kept ${created.url}`);
    else await created?.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:bank needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
let met = await bench('postgres');
if (process.env.BENCH_BANK_PGLITE === '1') met = (await bench('pglite')) && met;
if (!met) process.exitCode = 1;
