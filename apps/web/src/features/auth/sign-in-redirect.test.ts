import { describe, expect, it } from 'vitest';
import { afterSignInPath, expiredSignInPath, reportIdOf, signInPathFor } from './sign-in-redirect';

const after = (query: string) => afterSignInPath(new URLSearchParams(query));

describe('afterSignInPath', () => {
  it('goes to the app when nothing is asked for', () => {
    expect(after('')).toBe('/app');
  });

  it("goes straight to a report's edit page when the link names one", () => {
    expect(after('report=42')).toBe('/app/shop/cashRegister/42/edit');
    // The report wins over any other destination.
    expect(after('report=7&next=%2Fapp%2Femployees')).toBe('/app/shop/cashRegister/7/edit');
  });

  it('ignores a report id that is not a positive whole number', () => {
    for (const value of ['0', '-3', 'abc', '1.5', '12abc', '', '9999999999']) {
      expect(after(`report=${encodeURIComponent(value)}`)).toBe('/app');
    }
  });

  it('follows only paths inside the app', () => {
    expect(after('next=%2Fapp%2Femployees%3Fpage%3D2')).toBe('/app/employees?page=2');
    expect(after('next=https%3A%2F%2Fevil.example')).toBe('/app');
    expect(after('next=%2F%2Fevil.example')).toBe('/app');
    expect(after('next=%2Fapp%2F%2Fevil.example')).toBe('/app');
  });
});

describe('signInPathFor', () => {
  it("sends a signed-out visitor of a report's edit page to the sign-in with the report id", () => {
    expect(signInPathFor({ pathname: '/app/shop/cashRegister/15/edit', search: '?tab=receipts' })).toBe('/?report=15');
    expect(signInPathFor({ pathname: '/app/shop/cashRegister/15/edit/', search: '' })).toBe('/?report=15');
  });

  it('keeps any other page as the next one', () => {
    expect(signInPathFor({ pathname: '/app/shop/cashRegister', search: '?month=2026-03' })).toBe(
      '/?next=%2Fapp%2Fshop%2FcashRegister%3Fmonth%3D2026-03',
    );
    expect(signInPathFor({ pathname: '/app/shop/cashRegister/unclosed', search: '' })).toBe(
      '/?next=%2Fapp%2Fshop%2FcashRegister%2Funclosed',
    );
  });

  it('round-trips: the sign-in page leads back to where the visitor was going', () => {
    for (const location of [
      { pathname: '/app/shop/cashRegister/3/edit', search: '' },
      { pathname: '/app/employees', search: '?page=2' },
    ]) {
      const query = signInPathFor(location).slice(2);
      expect(afterSignInPath(new URLSearchParams(query))).toBe(location.pathname + location.search);
    }
  });
});

describe('reportIdOf', () => {
  it('reads positive ids only', () => {
    expect(reportIdOf('12')).toBe(12);
    expect(reportIdOf(null)).toBeNull();
    expect(reportIdOf('0')).toBeNull();
  });
});

describe('expiredSignInPath', () => {
  it('says the session expired and comes back to the page that was open', () => {
    expect(expiredSignInPath({ pathname: '/app/employees', search: '?page=2' })).toBe(
      '/?next=%2Fapp%2Femployees%3Fpage%3D2&expired=1',
    );
    expect(expiredSignInPath({ pathname: '/app/shop/cashRegister/42/edit', search: '' })).toBe('/?report=42&expired=1');
  });

  it('keeps where the sign-in page was to lead', () => {
    expect(expiredSignInPath({ pathname: '/', search: '?next=%2Fapp%2Ffiles' })).toBe(
      '/?next=%2Fapp%2Ffiles&expired=1',
    );
    expect(expiredSignInPath({ pathname: '/', search: '' })).toBe('/?expired=1');
  });
});
