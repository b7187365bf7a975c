// The demo's RM and MF registers: documents as the accounting office enters them from the paper it receives, none
// validated yet. Each register holds the transport documents of the demo's processed files of its kinds (so
// validating them succeeds) and one whose number no processed file has (so validating it shows "document validation
// failed, contact support").
import { documentCheckKinds, documentCheckTypes } from '@bottega/contracts/logistics';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { users } from '../employees/employees.schema';
import { documentChecks, logisticsFiles } from './logistics.schema';

/** A number far past any the demo's series reach. */
const unknownNumber = 9_999;

export async function seedDemoDocumentChecks(db: Executor): Promise<void> {
  const [clerk] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'contabilita'));
  if (!clerk) return;
  for (const type of documentCheckTypes) {
    const processed = await db
      .select({
        series: logisticsFiles.documentSeries,
        number: logisticsFiles.documentNumber,
        date: logisticsFiles.documentDate,
      })
      .from(logisticsFiles)
      .where(
        and(
          inArray(logisticsFiles.kind, [...documentCheckKinds[type]]),
          isNotNull(logisticsFiles.documentNumber),
          isNotNull(logisticsFiles.documentSeries),
          isNotNull(logisticsFiles.documentDate),
        ),
      )
      .orderBy(asc(logisticsFiles.id));
    const documents = processed.flatMap((file) =>
      file.series && file.number && file.date
        ? [{ type, date: file.date, number: file.number, serialNumber: file.series, createdBy: clerk.id }]
        : [],
    );
    const last = documents.at(-1);
    if (last) documents.push({ ...last, number: unknownNumber });
    if (documents.length > 0) await db.insert(documentChecks).values(documents).onConflictDoNothing();
  }
}
