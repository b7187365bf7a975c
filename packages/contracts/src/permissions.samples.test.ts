// The repository keeps the permission lines of the spec's §6 (spec/permissions-section-6.md) so that the catalog test
// runs in a user's clone; this check fails when the spec beside the repository says something else.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const spec =
  process.env.BOTTEGA_SPEC_FILE ?? path.resolve(import.meta.dirname, '../../../../shared/spec/product-spec.md');

it('keeps the permission lines of §6 as the product spec has them', () => {
  const text = readFileSync(spec, 'utf8');
  const section = text.slice(text.indexOf('## 6. Roles and permissions'), text.indexOf('## 7.'));
  const lines = section.slice(
    section.indexOf('Permissions are set per user group'),
    section.indexOf('Notifications per group'),
  );
  const kept = readFileSync(path.resolve(import.meta.dirname, '../spec/permissions-section-6.md'), 'utf8');
  expect(kept.trim()).toBe(lines.trim());
});
