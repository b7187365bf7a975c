// The relay's process of `npm run bench:cameras`: the app on a fresh demo database, listening on a free port, with the
// cameras the parent asks for (each a simulated Foscam HD at SIMULATOR_URL). Prints one JSON line — its port, an
// administrator's token and the cameras' ids — and serves until it is killed.

import { cameras } from '../apps/server/src/modules/cameras/cameras.schema';
import { encryptSecret } from '../apps/server/src/platform/crypto';
import { createTestApp, findShopId, signIn } from '../apps/server/test/harness';

const simulatorUrl = process.env.SIMULATOR_URL as string;
const usernames = (process.env.CAMERA_USERS as string).split(',');
const password = process.env.CAMERA_PASSWORD as string;

const test = await createTestApp({ LOG_LEVEL: 'error' });
const shopId = await findShopId(test.db, 'MI01');
const rows = await test.db
  .insert(cameras)
  .values(
    usernames.map((username) => ({
      name: username,
      shopId,
      type: 'foscamHd' as const,
      link: simulatorUrl,
      username,
      passwordEncrypted: encryptSecret(test.config.appKey, password),
    })),
  )
  .returning({ id: cameras.id });
const token = await signIn(test.app, 'admin');
const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ address, token, cameraIds: rows.map((row) => row.id) }));
