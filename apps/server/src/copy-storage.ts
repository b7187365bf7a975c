// `npm run storage:copy`: copies this installation's files from DATA_DIR/files to the bucket the S3_* settings name
// (STORAGE=s3), verifying each by checksum; run it again after an interruption and it resumes. Switch the servers to
// STORAGE=s3 once it reports no failure (and again after a last run, if they kept writing meanwhile).
import path from 'node:path';
import { loadConfig } from './config';
import { formatBinarySize } from './platform/file-transfer';
import { createLocalStorage } from './platform/storage';
import { copyStorage } from './platform/storage-copy';
import { createS3Storage } from './platform/storage-s3';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error(
    'Set STORAGE=s3 and the S3_* settings of the bucket to copy the files to (see the README, Operations).',
  );
  process.exit(2);
}
const source = path.join(config.dataDir, 'files');
const journalFile = path.join(config.dataDir, 'storage-copy.journal');
const bucket = `${config.storage.bucket}${config.storage.prefix ? `/${config.storage.prefix}` : ''}`;
console.log(`Copying ${source} to the bucket ${bucket} (verified files are listed in ${journalFile})…`);
let lastReport = 0;
const outcome = await copyStorage({
  from: createLocalStorage(source),
  to: createS3Storage(config.storage),
  journalFile,
  onProgress: (progress) => {
    if (Date.now() - lastReport < 2000 && progress.done < progress.total) return;
    lastReport = Date.now();
    console.log(
      `  ${progress.done}/${progress.total} files, ${formatBinarySize(progress.bytes)}, ${progress.failed} failed`,
    );
  },
});
for (const failure of outcome.failures) console.error(`  failed: ${failure.key}: ${failure.reason}`);
console.log(
  `Copied and verified ${outcome.done - outcome.failed} files (${formatBinarySize(outcome.bytes)}); ` +
    `${outcome.skipped} already copied by an earlier run; ${outcome.failed} failed${outcome.failed ? ' (run it again)' : ''}.`,
);
process.exit(outcome.failed ? 1 : 0);
