// The demo's club members (issue 27): the six cards the demo's registers scanned most become members who registered
// and confirmed, so marketing's screens and the club show points, levels and invitations from the first start. One
// has their birthday today; two joined on a friend's invitation. They sign in to /club with the demo password.

import { randomBytes } from 'node:crypto';
import { birthdayGiftPoints, type Gender, referralPoints } from '@bottega/contracts/customers';
import { addDays, businessDate } from '@bottega/contracts/dates';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { hashPassword } from '../../platform/passwords';
import { customerPointAwards, customers } from './customers.schema';

export const demoClubMembers: {
  firstName: string;
  lastName: string;
  gender: Gender;
  city: string;
  /** Born this many years before today; the first one today, the others on other days. */
  age: number;
  birthdayOffsetDays: number;
  invitedBy?: number;
}[] = [
  { firstName: 'Chiara', lastName: 'Colombo', gender: 'female', city: 'Milano', age: 34, birthdayOffsetDays: 0 },
  { firstName: 'Marco', lastName: 'Ferrari', gender: 'male', city: 'Milano', age: 41, birthdayOffsetDays: 45 },
  {
    firstName: 'Sara',
    lastName: 'Ricci',
    gender: 'female',
    city: 'Napoli',
    age: 28,
    birthdayOffsetDays: 120,
    invitedBy: 0,
  },
  { firstName: 'Luca', lastName: 'Greco', gender: 'male', city: 'Napoli', age: 52, birthdayOffsetDays: 200 },
  {
    firstName: 'Elena',
    lastName: 'Marino',
    gender: 'female',
    city: 'Roma',
    age: 37,
    birthdayOffsetDays: 290,
    invitedBy: 1,
  },
  { firstName: 'Paolo', lastName: 'Bruno', gender: 'male', city: 'Torino', age: 46, birthdayOffsetDays: 330 },
];

/** Province and postcode of the demo members' cities. */
const demoPlaces: Record<string, { state: string; zip: string }> = {
  Milano: { state: 'MI', zip: '20121' },
  Napoli: { state: 'NA', zip: '80132' },
  Roma: { state: 'RM', zip: '00185' },
  Torino: { state: 'TO', zip: '10121' },
};

export function demoClubEmail(member: { firstName: string; lastName: string }): string {
  return `${member.firstName}.${member.lastName}@club.example`.toLowerCase();
}

export async function seedDemoCustomers(db: Database, options: { now: Date; password: string }) {
  const { now } = options;
  const today = businessDate(now);
  const cards = await db
    .select({ id: customers.id, shopId: customers.shopId })
    .from(customers)
    .orderBy(desc(sql`(SELECT count(*) FROM receipts r WHERE r.loyalty_card = ${customers.cardNumber})`), customers.id)
    .limit(demoClubMembers.length);
  const passwordHash = await hashPassword(options.password);
  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const [index, member] of demoClubMembers.entries()) {
      const card = cards[index];
      if (!card) break;
      const birthdayThisYear = addDays(today, member.birthdayOffsetDays);
      const birthday = `${Number(birthdayThisYear.slice(0, 4)) - member.age}${birthdayThisYear.slice(4)}`;
      const subscribedAt = new Date(now.getTime() - (200 - index * 30) * 86_400_000);
      await tx
        .update(customers)
        .set({
          firstName: member.firstName,
          lastName: member.lastName,
          email: demoClubEmail(member),
          passwordHash,
          countryCode: '+39',
          phone: `3${String(471_000_000 + index * 1_234_567).padStart(9, '0')}`,
          gender: member.gender,
          address: `Via Roma ${10 + index}`,
          city: member.city,
          state: demoPlaces[member.city]?.state ?? '',
          zip: demoPlaces[member.city]?.zip ?? '',
          birthday,
          language: 'it',
          subscribedAt,
          emailConfirmedAt: subscribedAt,
          phoneConfirmedAt: subscribedAt,
          privacyConsentAt: subscribedAt,
          marketingConsentAt: index % 2 === 0 ? subscribedAt : null,
          inviteCode: randomBytes(9).toString('base64url'),
          referredById: member.invitedBy === undefined ? null : (ids[member.invitedBy] ?? null),
        })
        .where(eq(customers.id, card.id));
      ids.push(card.id);
      if (member.invitedBy !== undefined && ids[member.invitedBy] !== undefined) {
        await tx.insert(customerPointAwards).values({
          customerId: ids[member.invitedBy] as number,
          kind: 'referral',
          points: referralPoints,
          awardedOn: businessDate(subscribedAt),
          friendId: card.id,
        });
      }
      // Last year's birthday gift, where it fell after they joined.
      const lastBirthday = addDays(birthdayThisYear, -365);
      if (member.birthdayOffsetDays > 0 && lastBirthday >= businessDate(subscribedAt) && lastBirthday <= today) {
        await tx.insert(customerPointAwards).values({
          customerId: card.id,
          kind: 'birthday',
          points: birthdayGiftPoints,
          awardedOn: lastBirthday,
          year: Number(lastBirthday.slice(0, 4)),
        });
      }
    }
  });
}
