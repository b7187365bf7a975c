// The cameras' health check (issue 26): every few minutes each camera is asked how it is (getDevState on a Foscam HD,
// get_status.cgi on the older ones, a picture on a generic camera). One that stops answering is marked offline and
// its shop's camera managers are told once (cameras.offline), until it answers again.
import { type CameraOutcome, cameraHealthCheckMinutes } from '@bottega/contracts/cameras';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { cameraAdapters } from '../../integrations/cameras/cameras';
import { writeAudit } from '../../platform/audit';
import { defineJob, defineSchedule } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import { shops } from '../shops/shops.schema';
import { cameras } from './cameras.schema';
import { connectionOf } from './cameras.service';

/** Cameras asked at once: a slow camera holds only its own slot. */
const checksAtOnce = 8;

export const cameraHealthJob = defineJob({
  kind: 'cameras.checkHealth',
  payload: z.object({}),
  leaseSeconds: 300,
  run: async ({ db, config, now, complete }) => {
    const rows = await db
      .select({ camera: cameras, shopName: shops.name })
      .from(cameras)
      .innerJoin(shops, eq(shops.id, cameras.shopId))
      .orderBy(asc(cameras.id));
    const outcomes = new Map<number, CameraOutcome>();
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const { camera } = rows[next++] as (typeof rows)[number];
        let connection: ReturnType<typeof connectionOf>;
        try {
          connection = connectionOf(config.appKey, camera);
        } catch {
          // Sealed with another app key: nobody can reach it until its password is typed again.
          outcomes.set(camera.id, 'wrongCredentials');
          continue;
        }
        outcomes.set(
          camera.id,
          await cameraAdapters[camera.type].check(connection, { timeoutMs: config.cameras.timeoutMs }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(checksAtOnce, rows.length) }, worker));
    const checkedAt = now();
    await complete(async (tx) => {
      let wentOffline = 0;
      for (const { camera, shopName } of rows) {
        const outcome = outcomes.get(camera.id);
        if (!outcome) continue;
        const state = outcome === 'ok' ? 'online' : 'offline';
        // A camera deleted or changed meanwhile is left to its next check.
        const [updated] = await tx
          .update(cameras)
          .set({
            state,
            lastOutcome: outcome,
            lastCheckedAt: checkedAt,
            offlineSince: state === 'offline' ? (camera.offlineSince ?? checkedAt) : null,
          })
          .where(eq(cameras.id, camera.id))
          .returning({ id: cameras.id });
        if (!updated || camera.state === state) continue;
        await writeAudit(tx, {
          actorId: null,
          action: state === 'offline' ? 'camera.wentOffline' : 'camera.cameOnline',
          entity: 'camera',
          entityId: camera.id,
          fromState: camera.state,
          toState: state,
          data: { outcome },
        });
        if (state === 'offline') {
          wentOffline++;
          await notify(tx, {
            event: 'cameras.offline',
            shopId: camera.shopId,
            params: { shop: shopName, camera: camera.name },
            link: `/app/security/video/${camera.id}/edit`,
          });
        }
      }
      return { checked: outcomes.size, wentOffline };
    });
  },
});
defineSchedule({
  name: 'cameras.checkHealth',
  cron: `*/${cameraHealthCheckMinutes} * * * *`,
  kind: cameraHealthJob.kind,
});
