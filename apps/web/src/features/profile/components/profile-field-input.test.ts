import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './profile-field-input';

describe('parseTypedDate', () => {
  it.each([
    ['10/12/1985', '1985-12-10'],
    ['1/2/1990', '1990-02-01'],
    ['10.12.1985', '1985-12-10'],
    ['1985-12-10', '1985-12-10'],
  ])('reads %s as %s', (typed, date) => {
    expect(parseTypedDate(typed)).toBe(date);
  });

  it.each(['31/02/1990', '10/12/85', 'yesterday', ''])('refuses %s', (typed) => {
    expect(parseTypedDate(typed)).toBeNull();
  });
});
