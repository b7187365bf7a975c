import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  currentMonthPeriod,
  customerName,
  emptyMemberSearch,
  hasMemberSearch,
  idParam,
  memberSearchFromParams,
  memberSearchParams,
  memberSearchQuery,
  pageParam,
  periodError,
  periodFromParams,
  queryStringOf,
  registrationFilterOf,
} from './customer-query';

/** The key and its values, so the test reads which rule was chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('the query string of a request', () => {
  it('leaves out what is not given', () => {
    expect(queryStringOf({ shopId: 3, from: '2026-03-01', product: '', customer: undefined, x: null })).toBe(
      'shopId=3&from=2026-03-01',
    );
    expect(queryStringOf({ customer: 'Rossi & figli' })).toBe('customer=Rossi+%26+figli');
  });
});

describe('the address parameters', () => {
  it('read a page and an id, or fall back', () => {
    expect(pageParam('3')).toBe(3);
    expect(pageParam(null)).toBe(1);
    expect(pageParam('-2')).toBe(1);
    expect(pageParam('1.5')).toBe(1);
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('abc')).toBeNull();
    expect(idParam(undefined)).toBeNull();
  });

  it('keep the registration filter to club members for whoever may not see the others', () => {
    expect(registrationFilterOf('nonRegistered', true)).toBe('nonRegistered');
    expect(registrationFilterOf('registered', true)).toBe('registered');
    expect(registrationFilterOf('bogus', true)).toBe('all');
    expect(registrationFilterOf(null, true)).toBe('all');
    expect(registrationFilterOf('nonRegistered', false)).toBe('registered');
    expect(registrationFilterOf(null, false)).toBe('registered');
  });
});

describe('the member search', () => {
  it('goes to the address trimmed, empty criteria removed and the page reset', () => {
    const values = { ...emptyMemberSearch, name: '  Rossi ', birthdayMonth: '4', marketingConsent: 'yes' as const };
    expect(memberSearchParams(values)).toEqual({
      page: null,
      card: null,
      name: 'Rossi',
      email: null,
      phone: null,
      city: null,
      birthdayMonth: '4',
      marketingConsent: 'yes',
    });
  });

  it('comes back from the address, leaving out what makes no sense', () => {
    const params = new URLSearchParams('name=Rossi&city=Milano&birthdayMonth=13&marketingConsent=maybe&page=2');
    expect(memberSearchFromParams(params)).toEqual({ ...emptyMemberSearch, name: 'Rossi', city: 'Milano' });
    expect(memberSearchFromParams(new URLSearchParams('birthdayMonth=12&marketingConsent=no'))).toEqual({
      ...emptyMemberSearch,
      birthdayMonth: '12',
      marketingConsent: 'no',
    });
  });

  it('makes a round trip through the address', () => {
    const values = { ...emptyMemberSearch, card: '0420001', email: 'a@b.it', birthdayMonth: '7' };
    const address = new URLSearchParams(
      Object.entries(memberSearchParams(values)).flatMap(([key, value]) => (value ? [[key, value]] : [])),
    );
    expect(memberSearchFromParams(address)).toEqual(values);
  });

  it('is a search only with a criterion', () => {
    expect(hasMemberSearch(emptyMemberSearch)).toBe(false);
    expect(hasMemberSearch({ ...emptyMemberSearch, city: '   ' })).toBe(false);
    expect(hasMemberSearch({ ...emptyMemberSearch, marketingConsent: 'no' })).toBe(true);
  });

  it('asks the server for club members matching each criterion', () => {
    expect(memberSearchQuery({ ...emptyMemberSearch, phone: ' 333 ', birthdayMonth: '2' })).toEqual({
      registered: 'registered',
      phone: '333',
      birthdayMonth: 2,
    });
  });
});

describe('the name of a customer', () => {
  it('is the first and last name, or nothing for an unknown card', () => {
    expect(customerName({ firstName: 'Anna', lastName: 'Bianchi' })).toBe('Anna Bianchi');
    expect(customerName({ firstName: 'Anna', lastName: null })).toBe('Anna');
    expect(customerName({ firstName: null, lastName: null })).toBeNull();
    expect(customerName({ firstName: ' ', lastName: '' })).toBeNull();
  });
});

describe('the discounted sales period', () => {
  it('opens on the current month', () => {
    expect(currentMonthPeriod('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(currentMonthPeriod('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(currentMonthPeriod('2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('comes from the address when it holds two dates', () => {
    expect(periodFromParams(new URLSearchParams('from=2026-01-01&to=2026-01-31'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(periodFromParams(new URLSearchParams('from=2026-01-01'))).toBeNull();
    expect(periodFromParams(new URLSearchParams('from=01/01/2026&to=2026-01-31'))).toBeNull();
  });

  it('is refused as the server refuses it', () => {
    expect(periodError({ from: '2026-01-01', to: '2026-12-31' }, t)).toBeNull();
    expect(periodError({ from: '2028-01-01', to: '2028-12-31' }, t)).toBeNull();
    expect(periodError({ from: '2026-01-01', to: '2027-01-01' }, t)).toBeNull();
    expect(periodError({ from: '2026-01-01', to: '2027-01-02' }, t)).toBe('validation:dateRangeTooLong {"max":366}');
    expect(periodError({ from: '2026-02-01', to: '2026-01-31' }, t)).toBe('validation:dateRange');
    expect(periodError({ from: '2026-02-01', to: null }, t)).toBe('validation:required');
  });
});
