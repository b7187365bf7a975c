// `npm run backup [-- <file>]`: writes one archive of the database and the stored files (platform/backup.ts), by
// default DATA_DIR/backups/bottega-<date>.tar.gz. On PostgreSQL it runs beside the servers (one consistent snapshot);
// the embedded database can only be opened by one process, so stop the server first.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { writeBackup } from './platform/backup';
import { openDatabase } from './platform/db';
import { formatBinarySize } from './platform/file-transfer';
import { createStorage } from './platform/storage';

const config = loadConfig();
const started = new Date();
const file =
  process.argv[2] ??
  path.join(config.dataDir, 'backups', `bottega-${started.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let lastStep = '';
const manifest = await writeBackup({
  db: database.db,
  kind: database.kind,
  storage: createStorage(config),
  file,
  now: started,
  onProgress: (progress) => {
    const step = progress.step === 'table' ? 'tables' : 'files';
    if (step !== lastStep || progress.done % 500 === 0) console.log(`  ${step}: ${progress.done}/${progress.total}`);
    lastStep = step;
  },
});
await database.close();
const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
const bytes = manifest.files.reduce((sum, stored) => sum + stored.size, 0);
const seconds = ((Date.now() - started.getTime()) / 1000).toFixed(1);
console.log(
  `Backup written to ${file}: ${Object.keys(manifest.tables).length} tables (${rows} rows), ` +
    `${manifest.files.length} files (${formatBinarySize(bytes)}) in ${seconds} s.`,
);
