// `npm run restore -- <file>`: brings an archive of `npm run backup` into an empty installation (a new database and
// storage, this same version): the migrations are applied, then every table and file restored and checked against
// the archive's checksums; nothing is committed when one differs. Start the servers afterwards.
import { loadConfig } from './config';
import { RestoreRefused, restoreBackup } from './platform/backup';
import { openDatabase } from './platform/db';
import { createStorage } from './platform/storage';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <archive.tar.gz>');
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const started = Date.now();
try {
  const manifest = await restoreBackup({
    db: database.db,
    storage: createStorage(config),
    file,
    onProgress: (progress) => {
      if (progress.step === 'table') console.log(`  table ${progress.name}`);
      else if (progress.done % 500 === 0) console.log(`  files: ${progress.done}`);
    },
  });
  const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${Object.keys(manifest.tables).length} tables (${rows} rows) and ` +
      `${manifest.files.length} files, every checksum verified, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  console.error(`Restore refused: ${error instanceof RestoreRefused ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
