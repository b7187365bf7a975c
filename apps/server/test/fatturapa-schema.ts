// Validates FatturaPA XML against the official schema with xmllint (Debian's libxml2-utils). The schema comes
// from the npm package @digitalia/fatturapa (FatturaPA v1.2.1, FPR12); it imports the W3C XML signature schema
// from the W3C's site, so the copy in a temporary folder points that import at the copy in test/fixtures and
// xmllint runs with --nonet.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const remoteSignatureSchema = 'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd';

let schemaPath: string | undefined;

function fatturaSchema(): string {
  if (schemaPath) return schemaPath;
  const packageFolder = path.dirname(require.resolve('@digitalia/fatturapa/package.json'));
  const schema = readFileSync(path.join(packageFolder, 'src/schemas/Schema_1.2.1.xsd'), 'utf8');
  const folder = mkdtempSync(path.join(tmpdir(), 'fatturapa-xsd-'));
  copyFileSync(
    path.join(import.meta.dirname, 'fixtures/xmldsig-core-schema.xsd'),
    path.join(folder, 'xmldsig-core-schema.xsd'),
  );
  schemaPath = path.join(folder, 'Schema_FatturaPA.xsd');
  writeFileSync(schemaPath, schema.replace(remoteSignatureSchema, 'xmldsig-core-schema.xsd'));
  return schemaPath;
}

/** xmllint's verdict on the XML: null when valid, else its messages. */
export function fatturaSchemaErrors(xml: string): string | null {
  const schema = fatturaSchema();
  const file = path.join(path.dirname(schema), `invoice-${process.pid}-${Date.now()}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--nonet', '--noout', '--schema', schema, file], { stdio: 'pipe' });
    return null;
  } catch (error) {
    const failure = error as { stderr?: Buffer; message: string };
    return failure.stderr?.toString() || failure.message;
  }
}
