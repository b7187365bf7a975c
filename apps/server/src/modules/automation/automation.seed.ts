// The demo's automation (issue 28): a Facebook Page for Milano Centro, the company's Instagram account and newsletter
// webhook, a Roma page whose token has expired; three pictures in the library; a post published last week (with the
// figures its networks returned), one that failed, one scheduled for tomorrow morning and a draft. The accounts point
// at the social network simulator main.ts starts (SOCIAL_SIMULATOR_PORT); tokens are sealed with this installation's
// app key, so this runs where the key is known.
import { crc32, deflateSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { encryptSecret } from '../../platform/crypto';
import type { Database } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { refreshAccountTotals } from './accounts.service';
import {
  automationAccounts,
  automationMedia,
  automationPostMedia,
  automationPosts,
  automationPostTargets,
} from './automation.schema';
import { refreshPostReach } from './post-reach';
import { queuePublishing } from './publishing';

/** The secret the simulator's webhook receiver checks signatures with. */
export const demoWebhookSecret = 'bottega-demo-webhook';

/** A PNG of two colours in diagonal bands, written by hand: the demo needs pictures and no image library does. */
export function demoPng(
  width: number,
  height: number,
  first: [number, number, number],
  second: [number, number, number],
) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per channel
  header.writeUInt8(2, 9); // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const colour = Math.floor((x + y) / 40) % 2 === 0 ? first : second;
      colour.forEach((value, channel) => {
        rows[start + 1 + x * 3 + channel] = value;
      });
    }
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** The Graph ids of the demo's Pages and Instagram account (any digits: the simulator answers for all). */
const graphIds = { milano: '104729384756102', instagram: '17841400000000001', roma: '104729384756103' };

const pictures = [
  {
    title: 'Vetrina di Natale',
    tags: ['natale', 'vetrina'],
    colours: [
      [178, 34, 34],
      [240, 230, 200],
    ],
  },
  {
    title: 'Saldi invernali',
    tags: ['saldi', 'inverno'],
    colours: [
      [25, 60, 120],
      [230, 240, 250],
    ],
  },
  {
    title: 'Nuova collezione primavera',
    tags: ['collezione', 'primavera'],
    colours: [
      [60, 140, 80],
      [250, 245, 220],
    ],
  },
] as const;

export async function seedDemoAutomation(
  db: Database,
  options: { storage: Storage; appKey: string; simulatorUrl: string; now: Date },
): Promise<void> {
  const { now, appKey } = options;
  const [milano] = await db.select().from(shops).where(eq(shops.code, 'MI01'));
  const [roma] = await db.select().from(shops).where(eq(shops.code, 'RM01'));
  const [company] = await db.select().from(companies).where(eq(companies.companyCode, 'BMODA'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!milano || !roma || !company || !admin) return;

  const mediaIds: number[] = [];
  for (const picture of pictures) {
    const bytes = demoPng(640, 640, [...picture.colours[0]], [...picture.colours[1]]);
    const storageKey = await options.storage.put('automation/media', bytes, 'png');
    const [row] = await db
      .insert(automationMedia)
      .values({
        kind: 'image',
        title: picture.title,
        tags: [...picture.tags],
        mimeType: 'image/png',
        sizeBytes: bytes.length,
        width: 640,
        height: 640,
        storageKey,
        createdBy: admin.id,
        createdAt: new Date(now.getTime() - 10 * 86_400_000),
      })
      .returning({ id: automationMedia.id });
    mediaIds.push(row?.id as number);
  }

  const accounts = await db
    .insert(automationAccounts)
    .values([
      {
        network: 'facebook',
        name: 'Bottega Milano Centro',
        handle: 'bottega.milano',
        shopId: milano.id,
        externalId: graphIds.milano,
        tokenEncrypted: encryptSecret(appKey, 'demo-page-token-milano'),
        lastCheckedAt: now,
      },
      {
        network: 'instagram',
        name: 'Bottega Moda',
        handle: '@bottega.moda',
        companyId: company.id,
        externalId: graphIds.instagram,
        tokenEncrypted: encryptSecret(appKey, 'demo-instagram-token'),
        lastCheckedAt: now,
      },
      {
        network: 'webhook',
        name: 'Newsletter',
        handle: '',
        companyId: company.id,
        webhookUrl: `${options.simulatorUrl}/webhook/newsletter`,
        tokenEncrypted: encryptSecret(appKey, demoWebhookSecret),
        lastCheckedAt: now,
      },
      {
        network: 'facebook',
        name: 'Bottega Roma Termini',
        handle: 'bottega.roma',
        shopId: roma.id,
        externalId: graphIds.roma,
        tokenEncrypted: encryptSecret(appKey, 'expired-demo-token-roma'),
        state: 'expired',
        stateMessage: 'Error validating access token: Session has expired.',
        lastCheckedAt: now,
      },
    ])
    .returning({ id: automationAccounts.id });
  const [facebook, instagram, newsletter] = accounts.map((account) => account.id) as [number, number, number];

  const day = 86_400_000;
  const lastWeek = new Date(now.getTime() - 6 * day);
  const [published] = await db
    .insert(automationPosts)
    .values({
      text: 'Le vetrine di Natale sono pronte! Vi aspettiamo in negozio per scoprire le idee regalo. #natale #bottega',
      state: 'published',
      scheduledAt: lastWeek,
      publishedAt: lastWeek,
      authorId: admin.id,
      createdAt: lastWeek,
      updatedAt: lastWeek,
    })
    .returning({ id: automationPosts.id });
  const publishedId = published?.id as number;
  await db.insert(automationPostMedia).values({ postId: publishedId, mediaId: mediaIds[0] as number, position: 0 });
  await db.insert(automationPostTargets).values([
    {
      postId: publishedId,
      accountId: facebook,
      state: 'published',
      remoteId: `${graphIds.milano}_1001`,
      permalink: `${options.simulatorUrl}/sim/facebook/${graphIds.milano}_1001`,
      attempts: 1,
      publishedAt: lastWeek,
      likes: 148,
      comments: 23,
      shares: 12,
      reach: 2310,
      figuresAt: now,
    },
    {
      postId: publishedId,
      accountId: instagram,
      state: 'published',
      remoteId: '17900000000001001',
      permalink: `${options.simulatorUrl}/sim/instagram/17900000000001001`,
      attempts: 1,
      publishedAt: lastWeek,
      likes: 412,
      comments: 37,
      shares: 0,
      reach: 5120,
      figuresAt: now,
    },
  ]);

  const threeDaysAgo = new Date(now.getTime() - 3 * day);
  const [failed] = await db
    .insert(automationPosts)
    .values({
      text: 'Saldi invernali: fino al 50% su una selezione di capi. Solo questo fine settimana!',
      state: 'failed',
      scheduledAt: threeDaysAgo,
      authorId: admin.id,
      createdAt: threeDaysAgo,
      updatedAt: threeDaysAgo,
    })
    .returning({ id: automationPosts.id });
  await db
    .insert(automationPostMedia)
    .values({ postId: failed?.id as number, mediaId: mediaIds[1] as number, position: 0 });
  await db.insert(automationPostTargets).values({
    postId: failed?.id as number,
    accountId: instagram,
    state: 'failed',
    failure: 'rejected',
    error: '(#9004) The media could not be fetched from this uri.',
    attempts: 1,
  });

  // Tomorrow at 10:00 in Rome: queued for its time like any post scheduled from the screen.
  const tomorrow = new Date(now.getTime() + day);
  const romeDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(tomorrow);
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' })
    .formatToParts(tomorrow)
    .find((part) => part.type === 'timeZoneName')
    ?.value.replace('GMT', '');
  const scheduledAt = new Date(`${romeDate}T10:00:00${offset || '+01:00'}`);
  const [scheduled] = await db
    .insert(automationPosts)
    .values({
      text: 'Domani arriva la nuova collezione primavera: passate a trovarci!',
      state: 'scheduled',
      scheduledAt,
      authorId: admin.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: automationPosts.id, revision: automationPosts.revision });
  const scheduledId = scheduled?.id as number;
  await db.insert(automationPostMedia).values({ postId: scheduledId, mediaId: mediaIds[2] as number, position: 0 });
  await db.insert(automationPostTargets).values([
    { postId: scheduledId, accountId: facebook },
    { postId: scheduledId, accountId: instagram },
    { postId: scheduledId, accountId: newsletter },
  ]);
  await queuePublishing(db, { id: scheduledId, revision: scheduled?.revision ?? 0, scheduledAt }, now);

  await db.insert(automationPosts).values({
    text: 'Idea: un post sulle nuove borse in pelle del laboratorio di Firenze.',
    state: 'draft',
    authorId: admin.id,
    createdAt: now,
    updatedAt: now,
  });
  // Written straight to the tables above: who reaches each post and each account's totals, as the services keep them.
  await refreshPostReach(db, sql`true`);
  await refreshAccountTotals(
    db,
    accounts.map((account) => account.id),
  );
}
