// Document checks RM and MF (documents/manage/rm and /mf; §3 Document check, §4): registers of transport documents
// — a date, a number and a serial number (the series) — checked against what logistics processed. Validating finds a
// processed or emailed file of the register's kinds with that series, number and date; it is irreversible. A failure
// tells the person "document validation failed, contact support" and logs for developers what was searched and what
// nearly matched.
import {
  type DocumentCheck,
  type DocumentCheckType,
  type documentCheckBodySchema,
  documentCheckKinds,
  type documentCheckListQuerySchema,
  formatDocumentNumber,
} from '@bottega/contracts/logistics';
import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { documentChecks, logisticsFiles } from './logistics.schema';

const auditEntity = 'documentCheck';
/** Only a file whose transport document was numbered is one a document can be checked against. */
const numberedStates = ['processed', 'emailed'] as const;

const creators = alias(users, 'document_check_creators');
const validators = alias(users, 'document_check_validators');

const columns = {
  id: documentChecks.id,
  type: documentChecks.type,
  date: documentChecks.date,
  number: documentChecks.number,
  serialNumber: documentChecks.serialNumber,
  validated: documentChecks.validated,
  validatedAt: documentChecks.validatedAt,
  validatorName: validators.name,
  validatorSurname: validators.surname,
  fileId: documentChecks.fileId,
  fileKind: logisticsFiles.kind,
  createdAt: documentChecks.createdAt,
  creatorName: creators.name,
  creatorSurname: creators.surname,
};

function selectChecks(db: Executor) {
  return db
    .select(columns)
    .from(documentChecks)
    .innerJoin(creators, eq(creators.id, documentChecks.createdBy))
    .leftJoin(validators, eq(validators.id, documentChecks.validatedBy))
    .leftJoin(logisticsFiles, eq(logisticsFiles.id, documentChecks.fileId));
}

type Row = Awaited<ReturnType<typeof selectChecks>>[number];

function toCheck(row: Row): DocumentCheck {
  return {
    id: row.id,
    type: row.type,
    date: row.date,
    number: row.number,
    serialNumber: row.serialNumber,
    validated: row.validated,
    validatedAt: row.validatedAt?.toISOString() ?? null,
    validatedBy: row.validatorName === null ? null : `${row.validatorName} ${row.validatorSurname ?? ''}`.trim(),
    fileId: row.fileId,
    fileKind: row.fileKind,
    createdAt: row.createdAt.toISOString(),
    createdBy: `${row.creatorName} ${row.creatorSurname}`.trim(),
  };
}

type ListQuery = z.output<typeof documentCheckListQuerySchema>;

/** The register's documents, latest date first; search matches the number (whole) or the serial number (part). */
export async function listDocumentChecks(options: { db: Executor; type: DocumentCheckType; query: ListQuery }) {
  const { db, type, query } = options;
  const conditions: (SQL | undefined)[] = [eq(documentChecks.type, type)];
  if (query.validated) conditions.push(eq(documentChecks.validated, query.validated === 'yes'));
  for (const term of (query.search ?? '').split(/\s+/).filter(Boolean)) {
    // "123/RM" as printed: the number and the series.
    const printed = /^(\d{1,8})\/(.+)$/.exec(term);
    if (printed)
      conditions.push(
        and(
          eq(documentChecks.number, Number(printed[1])),
          sql`${documentChecks.serialNumber} ILIKE ${containsPattern(printed[2] as string)}`,
        ),
      );
    else
      conditions.push(
        or(
          /^\d{1,8}$/.test(term) ? eq(documentChecks.number, Number(term)) : undefined,
          sql`${documentChecks.serialNumber} ILIKE ${containsPattern(term)}`,
        ),
      );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    selectChecks(db)
      .where(where)
      .orderBy(desc(documentChecks.date), asc(documentChecks.serialNumber), desc(documentChecks.number))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(documentChecks).where(where),
  ]);
  return { data: rows.map(toCheck), meta: { page: query.page, perPage: query.perPage, total: totals[0]?.total ?? 0 } };
}

async function readCheck(db: Executor, type: DocumentCheckType, id: number): Promise<DocumentCheck> {
  const [row] = await selectChecks(db).where(and(eq(documentChecks.id, id), eq(documentChecks.type, type)));
  if (!row) throw new AppError('notFound');
  return toCheck(row);
}

/** A document entered in the register; the same date, number and serial number twice is 409 documentCheckExists. */
export async function addDocumentCheck(options: {
  db: Database;
  session: SessionContext;
  type: DocumentCheckType;
  body: z.output<typeof documentCheckBodySchema>;
  ip?: string;
}): Promise<DocumentCheck> {
  const { db, session, type } = options;
  const { body } = options;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documentChecks)
      .values({
        type,
        date: body.date,
        number: body.number,
        serialNumber: body.serialNumber,
        createdBy: session.userId,
      })
      .onConflictDoNothing()
      .returning({ id: documentChecks.id });
    if (!row) throw new AppError('documentCheckExists');
    await writeAudit(tx, {
      actorId: session.userId,
      action: 'documentCheck.added',
      entity: auditEntity,
      entityId: row.id,
      toState: 'notValidated',
      data: { type, ...body },
      ip: options.ip,
    });
    return row.id;
  });
  return readCheck(db, type, id);
}

/** Processed files that share two of the three with the document: what a developer looks at first. */
async function nearMatches(
  db: Executor,
  type: DocumentCheckType,
  document: { date: string; number: number; serialNumber: string },
) {
  const rows = await db
    .select({
      id: logisticsFiles.id,
      kind: logisticsFiles.kind,
      state: logisticsFiles.state,
      series: logisticsFiles.documentSeries,
      number: logisticsFiles.documentNumber,
      date: logisticsFiles.documentDate,
    })
    .from(logisticsFiles)
    .where(
      and(
        isNotNull(logisticsFiles.documentNumber),
        or(
          and(
            eq(logisticsFiles.documentSeries, document.serialNumber),
            eq(logisticsFiles.documentNumber, document.number),
          ),
          and(eq(logisticsFiles.documentNumber, document.number), eq(logisticsFiles.documentDate, document.date)),
          and(eq(logisticsFiles.documentSeries, document.serialNumber), eq(logisticsFiles.documentDate, document.date)),
        ),
      ),
    )
    .orderBy(asc(logisticsFiles.id))
    .limit(10);
  const kinds = documentCheckKinds[type] as readonly string[];
  return rows.map((row) => ({
    ...row,
    printed: row.number !== null && row.series !== null ? formatDocumentNumber(row.number, row.series) : null,
    why: [
      !kinds.includes(row.kind) ? 'kind' : null,
      !(numberedStates as readonly string[]).includes(row.state) ? 'state' : null,
      row.series !== document.serialNumber ? 'series' : null,
      row.number !== document.number ? 'number' : null,
      row.date !== document.date ? 'date' : null,
    ].filter((reason) => reason !== null),
  }));
}

/**
 * Validates a document against the processed files: found → validated, with who, when and which file, for good
 * (validating again is 409 documentAlreadyValidated); not found, or found among more than one company's files (each
 * company numbers its own series, and two may share a code) → 422 documentValidationFailed, and the reason — what was
 * searched and what nearly matched — goes to the request log and the audit log for developers.
 */
export async function validateDocumentCheck(options: {
  db: Database;
  session: SessionContext;
  type: DocumentCheckType;
  id: number;
  now: Date;
  log: FastifyBaseLogger;
  ip?: string;
}): Promise<DocumentCheck> {
  const { db, session, type, id, now } = options;
  const kinds = [...documentCheckKinds[type]];
  const outcome = await db.transaction(async (tx) => {
    const [document] = await tx
      .select()
      .from(documentChecks)
      .where(and(eq(documentChecks.id, id), eq(documentChecks.type, type)))
      .for('update');
    if (!document) throw new AppError('notFound');
    if (document.validated) throw new AppError('documentAlreadyValidated');
    const matches = await tx
      .select({ id: logisticsFiles.id, kind: logisticsFiles.kind })
      .from(logisticsFiles)
      .where(
        and(
          inArray(logisticsFiles.kind, kinds),
          inArray(logisticsFiles.state, [...numberedStates]),
          eq(logisticsFiles.documentSeries, document.serialNumber),
          eq(logisticsFiles.documentNumber, document.number),
          eq(logisticsFiles.documentDate, document.date),
        ),
      )
      .orderBy(asc(logisticsFiles.id))
      .limit(2);
    const [file] = matches;
    // Two companies may print the same series: a document matching files of both is not guessed at.
    if (matches.length !== 1 || !file) return { found: false as const, document, ambiguous: matches.length > 1 };
    await tx
      .update(documentChecks)
      .set({ validated: true, validatedAt: now, validatedBy: session.userId, fileId: file.id })
      .where(eq(documentChecks.id, id));
    await writeAudit(tx, {
      actorId: session.userId,
      action: 'documentCheck.validated',
      entity: auditEntity,
      entityId: id,
      fromState: 'notValidated',
      toState: 'validated',
      data: { type, fileId: file.id, fileKind: file.kind },
      ip: options.ip,
    });
    return { found: true as const };
  });
  if (outcome.found) return readCheck(db, type, id);

  const { document, ambiguous } = outcome;
  const searched = {
    kinds,
    states: numberedStates,
    series: document.serialNumber,
    number: document.number,
    date: document.date,
  };
  const near = await nearMatches(db, type, document);
  options.log.warn(
    { documentCheck: { id, type }, searched, nearMatches: near },
    ambiguous
      ? 'document validation failed: files of more than one company have that series, number and date'
      : 'document validation failed: no processed file with that series, number and date',
  );
  await writeAudit(db, {
    actorId: session.userId,
    action: 'documentCheck.validationFailed',
    entity: auditEntity,
    entityId: id,
    fromState: 'notValidated',
    toState: 'notValidated',
    reason: ambiguous ? 'ambiguous' : near.length === 0 ? 'noFile' : 'nearMatchesOnly',
    data: { searched, nearMatches: near },
    ip: options.ip,
  });
  throw new AppError('documentValidationFailed');
}
