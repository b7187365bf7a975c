// The demo's RM and MF registers: documents as the accounting office enters them from the paper it receives, a few
// days old, none validated yet. Each is validated once a processed file with its series, number and date exists
// (the logistics demo's files); until then validating one shows "document validation failed, contact support".
import { addDays, businessDate } from '@bottega/contracts/dates';
import type { DocumentCheckType } from '@bottega/contracts/logistics';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { users } from '../employees/employees.schema';
import { documentChecks } from './logistics.schema';

/** Days before today, number and serial number of each demo document. */
export const demoDocumentChecks: { type: DocumentCheckType; daysAgo: number; number: number; serialNumber: string }[] =
  [
    { type: 'rm', daysAgo: 6, number: 1, serialNumber: 'RM' },
    { type: 'rm', daysAgo: 3, number: 2, serialNumber: 'RM' },
    { type: 'rm', daysAgo: 1, number: 3, serialNumber: 'RM' },
    { type: 'mf', daysAgo: 5, number: 1, serialNumber: 'DDT' },
    { type: 'mf', daysAgo: 4, number: 2, serialNumber: 'DDT' },
    { type: 'mf', daysAgo: 2, number: 3, serialNumber: 'DDT' },
  ];

export async function seedDemoDocumentChecks(db: Executor, options: { now: Date }): Promise<void> {
  const [clerk] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'contabilita'));
  if (!clerk) return;
  const today = businessDate(options.now);
  await db.insert(documentChecks).values(
    demoDocumentChecks.map((document) => ({
      type: document.type,
      date: addDays(today, -document.daysAgo),
      number: document.number,
      serialNumber: document.serialNumber,
      createdBy: clerk.id,
    })),
  );
}
