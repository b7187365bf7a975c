// The demo's cameras (issue 26): three in each demo shop — the entrance on a Foscam HD, the till on an older Foscam
// MJPEG, the storeroom on a generic MJPEG address — all answered by the camera simulator main.ts starts, each with
// its own user and password (sealed with this installation's app key, so seeded where the key is known).
import type { CameraType } from '@bottega/contracts/cameras';
import { asc } from 'drizzle-orm';
import type { SimulatedCamera } from '../../integrations/cameras/camera.simulator';
import { encryptSecret } from '../../platform/crypto';
import type { Database } from '../../platform/db';
import { shops } from '../shops/shops.schema';
import { cameraCategories, cameras } from './cameras.schema';

const demoCameraPassword = 'demo-camera-2026';

const demoPlaces: { category: string; name: string; type: CameraType; path: string }[] = [
  { category: 'Ingresso', name: 'Ingresso', type: 'foscamHd', path: '' },
  { category: 'Cassa', name: 'Cassa', type: 'foscamMjpeg', path: '' },
  { category: 'Magazzino', name: 'Magazzino', type: 'genericMjpeg', path: '/generic/stream.mjpg' },
];

/** The simulator's camera of a shop's place: its user names the shop and the place. */
function simulatedUser(shopCode: string, place: string): string {
  return `${shopCode}-${place}`.toLowerCase();
}

/** What the simulator must answer for the demo shops' cameras. */
export async function demoSimulatedCameras(db: Database): Promise<SimulatedCamera[]> {
  const shopCodes = (await db.select({ code: shops.code }).from(shops)).map((shop) => shop.code);
  return shopCodes.flatMap((code) =>
    demoPlaces.map((place) => ({
      name: `${code} · ${place.name}`,
      username: simulatedUser(code, place.name),
      password: demoCameraPassword,
    })),
  );
}

export async function seedDemoCameras(db: Database, options: { appKey: string; simulatorUrl: string }) {
  const categories = await db
    .insert(cameraCategories)
    .values(demoPlaces.map((place) => ({ name: place.category })))
    .returning({ id: cameraCategories.id, name: cameraCategories.name });
  const categoryOf = new Map(categories.map((category) => [category.name, category.id]));
  const demoShops = await db.select({ id: shops.id, code: shops.code }).from(shops).orderBy(asc(shops.id));
  await db.insert(cameras).values(
    demoShops.flatMap((shop) =>
      demoPlaces.map((place) => ({
        name: place.name,
        shopId: shop.id,
        type: place.type,
        link: `${options.simulatorUrl}${place.path}`,
        username: simulatedUser(shop.code, place.name),
        passwordEncrypted: encryptSecret(options.appKey, demoCameraPassword),
        categoryId: categoryOf.get(place.category) ?? null,
      })),
    ),
  );
}
