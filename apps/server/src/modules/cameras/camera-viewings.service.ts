// The viewing log (issue 26): who watched which camera, from when to when — what Italian rules on video surveillance
// at work (art. 4 Statuto dei lavoratori, the Garante's guidance) expect a company to be able to show. It is written
// by the server as it hands out pictures and streams, so no viewer can leave it out: pictures of one camera less
// than viewingGapSeconds apart extend the same viewing; a stream is one viewing from its start to its end.
import type { CameraViewing, cameraViewingQuerySchema } from '@bottega/contracts/cameras';
import { viewingGapSeconds } from '@bottega/contracts/cameras';
import type { Language } from '@bottega/contracts/common';
import { businessTimeZone } from '@bottega/contracts/dates';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { translate } from '../../platform/i18n';
import { users } from '../employees/employees.schema';
import { receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';
import { shops } from '../shops/shops.schema';
import { type cameras, cameraViewings } from './cameras.schema';

/** A viewing's end is moved on at most this often while it lasts (one write per viewer and camera). */
const extendEveryMs = 15_000;

export type ViewingRecorder = {
  /** Someone is watching the camera now; `final` at the end of a stream writes the end at once. */
  record: (viewing: {
    camera: Pick<typeof cameras.$inferSelect, 'id' | 'name' | 'shopId'>;
    userId: number;
    mode: 'stream' | 'snapshots';
    now: Date;
    final?: boolean;
  }) => Promise<void>;
};

/** Keeps, per process, when each viewer's viewing of each camera was last written, to write it every few seconds. */
export function createViewingRecorder(db: Database): ViewingRecorder {
  const written = new Map<string, number>();
  return {
    async record({ camera, userId, mode, now, final }) {
      const key = `${userId}:${camera.id}:${mode}`;
      const last = written.get(key);
      if (!final && last !== undefined && now.getTime() - last < extendEveryMs) return;
      written.set(key, now.getTime());
      if (written.size > 10_000) written.clear();
      const since = new Date(now.getTime() - viewingGapSeconds * 1000);
      const extended = await db
        .update(cameraViewings)
        .set({ endedAt: now })
        .where(
          eq(
            cameraViewings.id,
            sql`(select ${cameraViewings.id} from ${cameraViewings}
                 where ${cameraViewings.userId} = ${userId} and ${cameraViewings.cameraId} = ${camera.id}
                   and ${cameraViewings.mode} = ${mode} and ${cameraViewings.endedAt} >= ${since}
                 order by ${cameraViewings.endedAt} desc limit 1)`,
          ),
        )
        .returning({ id: cameraViewings.id });
      if (extended.length > 0) return;
      await db.insert(cameraViewings).values({
        cameraId: camera.id,
        cameraName: camera.name,
        shopId: camera.shopId,
        userId,
        mode,
        startedAt: now,
        endedAt: now,
      });
    },
  };
}

/** The start of a business day, as an instant. */
function dayStart(day: string): SQL {
  return sql`(${day}::date)::timestamp at time zone ${businessTimeZone}`;
}

type CameraViewingFilter = z.output<typeof cameraViewingQuerySchema>;

function viewingFilter(query: Omit<CameraViewingFilter, 'page' | 'perPage'>): SQL | undefined {
  const words = (query.viewer ?? '').split(/\s+/).filter(Boolean);
  return and(
    query.cameraId === undefined ? undefined : eq(cameraViewings.cameraId, query.cameraId),
    query.shopId === undefined ? undefined : eq(cameraViewings.shopId, query.shopId),
    query.from === undefined ? undefined : gte(cameraViewings.startedAt, dayStart(query.from)),
    query.to === undefined ? undefined : lt(cameraViewings.startedAt, sql`${dayStart(query.to)} + interval '1 day'`),
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(ilike(users.name, pattern), ilike(users.surname, pattern), ilike(users.username, pattern));
    }),
  );
}

function selectViewings(db: Executor) {
  return db
    .select({
      viewing: cameraViewings,
      shopCode: shops.code,
      shopName: shops.name,
      viewerName: sql<string>`${users.name} || ' ' || ${users.surname}`,
    })
    .from(cameraViewings)
    .innerJoin(shops, eq(shops.id, cameraViewings.shopId))
    .innerJoin(users, eq(users.id, cameraViewings.userId));
}
type ViewingRow = Awaited<ReturnType<ReturnType<typeof selectViewings>['execute']>>[number];

function toViewing(row: ViewingRow): CameraViewing {
  const { viewing } = row;
  return {
    id: viewing.id,
    camera: { id: viewing.cameraId ?? 0, name: viewing.cameraName },
    shop: { id: viewing.shopId, code: row.shopCode, name: row.shopName },
    viewer: { id: viewing.userId, name: row.viewerName },
    mode: viewing.mode,
    startedAt: viewing.startedAt.toISOString(),
    endedAt: viewing.endedAt.toISOString(),
  };
}

/** A page of the log, newest first. */
export async function listCameraViewings(options: { db: Executor; query: CameraViewingFilter }) {
  const { db, query } = options;
  const where = viewingFilter(query);
  const [rows, [total]] = await Promise.all([
    selectViewings(db)
      .where(where)
      .orderBy(desc(cameraViewings.startedAt), desc(cameraViewings.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ value: count() })
      .from(cameraViewings)
      .innerJoin(users, eq(users.id, cameraViewings.userId))
      .where(where),
  ]);
  return { data: rows.map(toViewing), meta: { page: query.page, perPage: query.perPage, total: total?.value ?? 0 } };
}

/** At most this many rows in one export. */
const maxExportRows = 50_000;

const wallTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: businessTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The log as CSV (Italian Excel: `;`, BOM), the filters of the screen applied, in the viewer's language. */
export async function exportCameraViewings(options: { db: Executor; query: CameraViewingFilter; lng: Language }) {
  const { db, query, lng } = options;
  const rows = await selectViewings(db)
    .where(viewingFilter(query))
    .orderBy(desc(cameraViewings.startedAt), desc(cameraViewings.id))
    .limit(maxExportRows);
  const columns = ['camera', 'shop', 'viewer', 'mode', 'from', 'to'] as const;
  const headings = [
    ...columns.map((column) => translate(lng, `cameras:log.fields.${column}`)),
    translate(lng, 'cameras:log.durationSeconds'),
  ];
  const body = rows
    .map(toViewing)
    .map((viewing) => [
      spreadsheetText(viewing.camera.name),
      spreadsheetText(`${viewing.shop.code} · ${viewing.shop.name}`),
      spreadsheetText(viewing.viewer.name),
      translate(lng, `cameras:log.modes.${viewing.mode}`),
      wallTime.format(new Date(viewing.startedAt)),
      wallTime.format(new Date(viewing.endedAt)),
      String(Math.round((Date.parse(viewing.endedAt) - Date.parse(viewing.startedAt)) / 1000)),
    ]);
  return {
    bytes: Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows([headings, ...body])]),
    fileName: `${translate(lng, 'cameras:log.fileName')}.csv`,
    type: 'text/csv; charset=utf-8',
  };
}
