// The account form's values as its inputs hold them, and the body they become. Whom the account speaks for is one
// choice (a shop or the company) that becomes shopId or companyId; the token is write-only: left empty it is kept.
import type { Account, AccountBody, SocialNetwork } from '@bottega/contracts/automation';

export type AccountFormValues = {
  network: SocialNetwork;
  name: string;
  handle: string;
  /** `shop:<id>` or `company:<id>`; null while not chosen. */
  speaksFor: string | null;
  externalId: string;
  webhookUrl: string;
  token: string;
};

/** What an account may speak for (GET /api/automation/scopes). */
export type AccountScopes = {
  shops: { id: number; code: string; name: string }[];
  companies: { id: number; name: string }[];
};

export const emptyAccountValues: AccountFormValues = {
  network: 'facebook',
  name: '',
  handle: '',
  speaksFor: null,
  externalId: '',
  webhookUrl: '',
  token: '',
};

export function speaksForOf(account: Pick<Account, 'shop' | 'company'>): string | null {
  if (account.shop) return `shop:${account.shop.id}`;
  if (account.company) return `company:${account.company.id}`;
  return null;
}

export function accountValuesOf(account: Account): AccountFormValues {
  return {
    network: account.network,
    name: account.name,
    handle: account.handle,
    speaksFor: speaksForOf(account),
    externalId: account.externalId,
    webhookUrl: account.webhookUrl,
    token: '',
  };
}

/** The body to save: the id the network needs (a Page or IG id, or a webhook's address), the token only when typed. */
export function accountBodyOf(values: AccountFormValues): AccountBody {
  const [kind, id] = (values.speaksFor ?? '').split(':');
  const webhook = values.network === 'webhook';
  return {
    network: values.network,
    name: values.name,
    handle: values.handle,
    shopId: kind === 'shop' ? Number(id) : null,
    companyId: kind === 'company' ? Number(id) : null,
    externalId: webhook ? '' : values.externalId.trim(),
    webhookUrl: webhook ? values.webhookUrl.trim() : '',
    ...(values.token === '' ? {} : { token: values.token }),
  };
}

/** The body's field errors on the form's fields: whom it speaks for is one field. */
export function accountFormErrorsOf(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const key = field === 'shopId' || field === 'companyId' ? 'speaksFor' : field;
    mapped[key] ??= message;
  }
  return mapped;
}

/** Whom the account speaks for, as a list shows it: the shop's code and name, or the company. */
export function speaksForLabel(account: Pick<Account, 'shop' | 'company'>): string {
  if (account.shop) return `${account.shop.code} · ${account.shop.name}`;
  return account.company?.name ?? '';
}
