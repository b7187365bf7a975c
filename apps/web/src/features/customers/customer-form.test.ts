import { customerEditSchema } from '@bottega/contracts/customers';
import { describe, expect, it } from 'vitest';
import { customerEditOf, customerValuesOf } from './customer-form';

const member = {
  firstName: 'Anna',
  lastName: 'Bianchi',
  gender: 'female' as const,
  birthday: '1990-04-12',
  address: 'Via Roma 1',
  city: 'Milano',
  state: 'MI',
  zip: '20121',
  shop: { id: 4, code: 'MI01', name: 'Milano Duomo' },
  marketingConsentAt: '2025-01-10T09:00:00.000Z',
};

describe('the member form', () => {
  it('holds the member and sends a body the contract accepts', () => {
    const values = customerValuesOf(member as Parameters<typeof customerValuesOf>[0]);
    expect(values.shopId).toBe('4');
    expect(values.marketingConsent).toBe(true);
    const body = customerEditOf(values);
    expect(customerEditSchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      firstName: 'Anna',
      lastName: 'Bianchi',
      gender: 'female',
      birthday: '1990-04-12',
      address: 'Via Roma 1',
      city: 'Milano',
      state: 'MI',
      zip: '20121',
      shopId: 4,
      marketingConsent: true,
    });
  });

  it('sends nothing chosen as null, for the check to ask for it', () => {
    const empty = customerValuesOf({
      ...member,
      gender: null,
      birthday: null,
      address: null,
      city: null,
      state: null,
      zip: null,
      shop: null,
      marketingConsentAt: null,
    } as unknown as Parameters<typeof customerValuesOf>[0]);
    expect(empty).toMatchObject({ gender: null, birthday: '', address: '', shopId: null, marketingConsent: false });
    const body = customerEditOf(empty);
    expect(body.shopId).toBeNull();
    expect(body.birthday).toBeNull();
    const failed = customerEditSchema.safeParse(body);
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['birthday', 'gender', 'shopId']);
  });
});
