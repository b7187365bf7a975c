// The marketing screens' choices as they travel: in the address (so a search or a filtered list can be shared and
// reached again with the back button) and in the query string of a request; the discounted sales' period, checked as
// the server checks it.
import { type CustomerListQuery, discountedSalesMaxDays } from '@bottega/contracts/customers';
import { daysInRange } from '@bottega/contracts/sales';
import type { TFunction } from 'i18next';

/** `key=value&…` of the values given: nothing for undefined, null or empty text. */
export function queryStringOf(values: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(values).flatMap(([key, value]) =>
      value === undefined || value === null || value === '' ? [] : [[key, String(value)]],
    ),
  ).toString();
}

/** A page number read from the address: 1 for anything that is not a positive whole number. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** A positive id read from the address or a route, null for anything else. */
export function idParam(value: string | null | undefined): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

export type RegistrationFilter = NonNullable<CustomerListQuery['registered']>;

/**
 * The registration filter of customers/list: what the address asks, `all` when it asks nothing known; a person who
 * may not see non-registered customers always gets the club members only (the server would refuse the others).
 */
export function registrationFilterOf(value: string | null, seesNonRegistered: boolean): RegistrationFilter {
  if (!seesNonRegistered) return 'registered';
  return value === 'registered' || value === 'nonRegistered' ? value : 'all';
}

// ——— users/search ———

export type MemberSearchValues = {
  card: string;
  name: string;
  email: string;
  phone: string;
  city: string;
  /** '1'–'12', or '' for any month (a Select's value). */
  birthdayMonth: string;
  marketingConsent: '' | 'yes' | 'no';
};

export const emptyMemberSearch: MemberSearchValues = {
  card: '',
  name: '',
  email: '',
  phone: '',
  city: '',
  birthdayMonth: '',
  marketingConsent: '',
};

const textCriteria = ['card', 'name', 'email', 'phone', 'city'] as const;

/** The search the address holds; what it holds that makes no sense (a 13th month) is left out. */
export function memberSearchFromParams(params: URLSearchParams): MemberSearchValues {
  const month = Number(params.get('birthdayMonth'));
  const consent = params.get('marketingConsent');
  return {
    ...emptyMemberSearch,
    ...Object.fromEntries(textCriteria.map((key) => [key, (params.get(key) ?? '').slice(0, 254)])),
    birthdayMonth: Number.isInteger(month) && month >= 1 && month <= 12 ? String(month) : '',
    marketingConsent: consent === 'yes' || consent === 'no' ? consent : '',
  };
}

/** The search as address parameters: each criterion trimmed, an empty one removed (null), and the page back to 1. */
export function memberSearchParams(values: MemberSearchValues): Record<string, string | null> {
  const params: Record<string, string | null> = { page: null };
  for (const key of textCriteria) params[key] = values[key].trim() || null;
  params.birthdayMonth = values.birthdayMonth || null;
  params.marketingConsent = values.marketingConsent || null;
  return params;
}

/** Whether any criterion is given: results are only shown for a search. */
export function hasMemberSearch(values: MemberSearchValues): boolean {
  return Object.values(memberSearchParams(values)).some((value) => value !== null);
}

/** The request of a search: club members only, each criterion given. */
export function memberSearchQuery(values: MemberSearchValues): Omit<CustomerListQuery, 'page' | 'perPage'> {
  const query: Omit<CustomerListQuery, 'page' | 'perPage'> = { registered: 'registered' };
  for (const key of textCriteria) {
    const value = values[key].trim();
    if (value) query[key] = value;
  }
  if (values.birthdayMonth) query.birthdayMonth = Number(values.birthdayMonth);
  if (values.marketingConsent) query.marketingConsent = values.marketingConsent;
  return query;
}

// ——— Loyalty ———

/** The person's name, or null when the card belongs to nobody known (not registered, or erased). */
export function customerName(customer: { firstName: string | null; lastName: string | null }): string | null {
  const name = [customer.firstName, customer.lastName].filter((part) => part?.trim()).join(' ');
  return name || null;
}

// ——— Discounted sales ———

export type Period = { from: string; to: string };

/** The current month, from its first day to its last: the period the screen opens on. */
export function currentMonthPeriod(today: string): Period {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${today.slice(0, 8)}01`, to: `${today.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

/** The period the address holds, when it is two dates in order; null otherwise (the screen falls back to the month). */
export function periodFromParams(params: URLSearchParams): Period | null {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/;
  return date.test(from) && date.test(to) ? { from, to } : null;
}

/** The period's message, as the server words it, or null when it may be sent: both days, in order, ≤ 366 days. */
export function periodError(period: { from: string | null; to: string | null }, t: TFunction): string | null {
  if (!period.from || !period.to) return t('validation:required');
  if (period.from > period.to) return t('validation:dateRange');
  if (daysInRange(period.from, period.to) > discountedSalesMaxDays) {
    return t('validation:dateRangeTooLong', { max: discountedSalesMaxDays });
  }
  return null;
}
