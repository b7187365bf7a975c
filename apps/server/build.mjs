// Compiles the server for `npm start`: one ESM bundle per entry point with the internal packages (consumed from
// source, as TypeScript) inlined and every npm dependency left to node_modules. Production runs plain JavaScript;
// tsx stays for development, tests and scripts.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
  (name) => !name.startsWith('@bottega/'),
);

await build({
  entryPoints: [
    'src/main.ts',
    'src/migrate.ts',
    'src/copy-storage.ts',
    'src/backup.ts',
    'src/restore.ts',
    'src/create-admin.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
