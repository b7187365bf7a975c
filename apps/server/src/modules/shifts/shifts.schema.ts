import type { TemplateDay } from '@bottega/contracts/shifts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

/** A shop's shift template (spec §3): its weekly hours and a day pattern, Monday first (seven entries). */
export const shiftTemplates = pgTable(
  'shift_templates',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    weeklyMinutes: integer('weekly_minutes').notNull(),
    days: jsonb('days').$type<TemplateDay[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shift_templates_shop_name_idx').on(table.shopId, sql`lower(${table.name})`),
    check('shift_templates_weekly_minutes', sql`${table.weeklyMinutes} BETWEEN 0 AND 6720`),
  ],
);

/**
 * A shop's week of shifts (spec §4 Weekly shifts): assigned → convalidated (sent to the shop) → sent to the employees.
 * A sent week may be rectified, with a reason, by those allowed.
 */
export const shiftWeeks = pgTable(
  'shift_weeks',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** ISO week, 2026-W48. */
    week: varchar('week', { length: 8 }).notNull(),
    /** assigned | convalidated | sent */
    state: varchar('state', { length: 20 }).notNull().default('assigned'),
    convalidatedBy: integer('convalidated_by').references(() => users.id, { onDelete: 'set null' }),
    convalidatedAt: timestamp('convalidated_at', { withTimezone: true }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shift_weeks_shop_week_idx').on(table.shopId, table.week),
    index('shift_weeks_week_idx').on(table.week),
  ],
);

/** Who works a week in a shop, the template their hours are held to, and when they validated their summary. */
export const shiftWeekMembers = pgTable(
  'shift_week_members',
  {
    weekId: integer('week_id')
      .notNull()
      .references(() => shiftWeeks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => shiftTemplates.id, { onDelete: 'set null' }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('shift_week_members_week_user_idx').on(table.weekId, table.userId),
    index('shift_week_members_user_idx').on(table.userId),
  ],
);

/**
 * One cell of a week's grid (spec §3 Shift): a shift, its Rome wall-clock times kept as typed and its instants for the
 * time clock and the analytics, or a time-off with its §9 reason.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    weekId: integer('week_id')
      .notNull()
      .references(() => shiftWeeks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** shift | timeOff */
    kind: varchar('kind', { length: 10 }).notNull(),
    startTime: varchar('start_time', { length: 5 }),
    stopTime: varchar('stop_time', { length: 5 }),
    breakMinutes: smallint('break_minutes').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The minutes to work: the span less the break. */
    plannedMinutes: integer('planned_minutes').notNull().default(0),
    reason: varchar('reason', { length: 20 }),
    notes: varchar('notes', { length: 500 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shifts_week_user_day_idx').on(table.weekId, table.userId, table.day),
    index('shifts_user_starts_idx').on(table.userId, table.startsAt),
    index('shifts_starts_idx').on(table.startsAt),
    check(
      'shifts_kind',
      sql`(${table.kind} = 'shift' AND ${table.startsAt} IS NOT NULL AND ${table.endsAt} > ${table.startsAt})
        OR (${table.kind} = 'timeOff' AND ${table.reason} IS NOT NULL)`,
    ),
  ],
);

/**
 * A step of the time clock (spec §4 Shift): start shift, start break, stop break, stop shift, at the server's time,
 * confirmed by the person's passkey or password. Never edited: a rectification keeps the first time beside the new.
 */
export const shiftPunches = pgTable(
  'shift_punches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    /** startShift | startBreak | stopBreak | stopShift */
    step: varchar('step', { length: 12 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** passkey | password | cashReport (a partial confirmation ends the confirmer's shift) */
    confirmedBy: varchar('confirmed_by', { length: 12 }).notNull(),
    originalAt: timestamp('original_at', { withTimezone: true }),
    rectifiedBy: integer('rectified_by').references(() => users.id, { onDelete: 'set null' }),
    rectifiedAt: timestamp('rectified_at', { withTimezone: true }),
    rectifyReason: varchar('rectify_reason', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shift_punches_user_at_idx').on(table.userId, table.at),
    index('shift_punches_shop_at_idx').on(table.shopId, table.at),
  ],
);

/** An alert of the time clock sent (late start, not started, early stop, late break end, break started): once each. */
export const shiftAlerts = pgTable(
  'shift_alerts',
  {
    id: serial('id').primaryKey(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The punch a "break started" alert is about (a shift may have several breaks). */
    punchId: bigint('punch_id', { mode: 'number' }).references(() => shiftPunches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('shift_alerts_once_idx').on(table.shiftId, table.kind, sql`coalesce(${table.punchId}, 0)`)],
);

/**
 * One person's day in one shop as the analytics read it (contracts/shift-analytics.ts): the cell of a *sent* week
 * that day and the day's punches summed up. Kept by the database itself — triggers on shift_punches, shifts and
 * shift_weeks call shift_days_refresh(user, shop, day) (migration 0013) — so a year of every shop is one scan of
 * this table instead of a million punches grouped on each question. What depends on the moment (today's open
 * shift, a missed shift, the shop's grace) is worked out when asked.
 */
export const shiftDays = pgTable(
  'shift_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The Rome calendar day. */
    day: date('day').notNull(),
    /** The sent week's cell: shift | timeOff, or null when nothing was planned. */
    planKind: varchar('plan_kind', { length: 10 }),
    planReason: varchar('plan_reason', { length: 20 }),
    plannedMinutes: integer('planned_minutes').notNull().default(0),
    planStartsAt: timestamp('plan_starts_at', { withTimezone: true }),
    /** Σ ± epoch milliseconds of the punches: a stop or a break's start plus, a start or a break's end minus. */
    punchSignedMs: bigint('punch_signed_ms', { mode: 'number' }).notNull().default(0),
    /** Starts less stops, breaks started less ended: above zero, the day is unfinished. */
    openShifts: smallint('open_shifts').notNull().default(0),
    openBreaks: smallint('open_breaks').notNull().default(0),
    firstStart: timestamp('first_start', { withTimezone: true }),
    /** Epoch milliseconds of the day's last punch. */
    lastAtMs: bigint('last_at_ms', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.shopId, table.day] }),
    index('shift_days_day_idx').on(table.day),
    index('shift_days_shop_day_idx').on(table.shopId, table.day),
  ],
);

/**
 * What a person said of a day of a coming week (spec §6 "next week choice"): mornings only, afternoons only, or not
 * free; a day not here is free all day. The week's grid shows it beside the person's cells.
 */
export const shiftAvailability = pgTable(
  'shift_availability',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** morning | afternoon | off */
    choice: varchar('choice', { length: 10 }).notNull(),
    notes: varchar('notes', { length: 200 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** When a person last said their availability for a week: the week counts as chosen even when every day is free. */
export const shiftAvailabilityWeeks = pgTable(
  'shift_availability_weeks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: varchar('week', { length: 8 }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.week] })],
);
