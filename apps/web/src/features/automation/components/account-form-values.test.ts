import { type Account, accountBodySchema } from '@bottega/contracts/automation';
import { describe, expect, it } from 'vitest';
import {
  accountBodyOf,
  accountFormErrorsOf,
  accountValuesOf,
  emptyAccountValues,
  speaksForLabel,
} from './account-form-values';

const account: Account = {
  id: 4,
  network: 'instagram',
  name: 'Bottega Milano',
  handle: '@bottega.milano',
  shop: { id: 7, code: 'MI01', name: 'Milano Duomo' },
  company: null,
  externalId: '178414',
  webhookUrl: '',
  tokenSet: true,
  state: 'connected',
  stateMessage: null,
  lastCheckedAt: null,
  publishedPosts: 3,
  figures: { likes: 1, comments: 2, shares: 3, reach: 4 },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('the account form', () => {
  it('starts from a saved account with the token left empty (kept)', () => {
    const values = accountValuesOf(account);
    expect(values.speaksFor).toBe('shop:7');
    expect(values.token).toBe('');
    const body = accountBodyOf(values);
    expect(body).toEqual({
      network: 'instagram',
      name: 'Bottega Milano',
      handle: '@bottega.milano',
      shopId: 7,
      companyId: null,
      externalId: '178414',
      webhookUrl: '',
    });
    expect('token' in body).toBe(false);
    expect(accountBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends a typed token as it is, untrimmed', () => {
    expect(accountBodyOf({ ...accountValuesOf(account), token: ' abc ' }).token).toBe(' abc ');
  });

  it('speaks for the company', () => {
    const body = accountBodyOf({
      ...emptyAccountValues,
      network: 'webhook',
      name: 'Newsletter',
      speaksFor: 'company:2',
      externalId: '123',
      webhookUrl: ' https://hooks.example.com/in ',
    });
    expect(body.shopId).toBeNull();
    expect(body.companyId).toBe(2);
    // A webhook has no Graph id, a Page no address.
    expect(body.externalId).toBe('');
    expect(body.webhookUrl).toBe('https://hooks.example.com/in');
    expect(accountBodySchema.safeParse(body).success).toBe(true);
  });

  it('leaves both empty when nothing is chosen, and the check says so on the one field', () => {
    const body = accountBodyOf({ ...emptyAccountValues, name: 'X', externalId: '1' });
    const result = accountBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(accountFormErrorsOf({ shopId: 'choose', companyId: 'other', name: 'required' })).toEqual({
      speaksFor: 'choose',
      name: 'required',
    });
  });

  it('names whom it speaks for', () => {
    expect(speaksForLabel(account)).toBe('MI01 · Milano Duomo');
    expect(speaksForLabel({ shop: null, company: { id: 1, name: 'Bottega srl' } })).toBe('Bottega srl');
  });
});
