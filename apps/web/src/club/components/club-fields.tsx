// The fields the registration and the profile share: the gender, the customer's shop and the language of the
// club's mails and messages, as the browser's own lists (a phone shows its native picker).

import { genders } from '@bottega/contracts/customers';
import { languages } from '@bottega/contracts/languages';
import type { TFunction } from 'i18next';
import type { ClubInfo } from '../club-api';

/** The choices of a list, with a first empty one when nothing is chosen yet (it cannot be chosen back). */
type Option = { value: string; label: string; disabled?: boolean };

function withPlaceholder(options: Option[], t: TFunction, value: string): Option[] {
  return value === '' ? [{ value: '', label: t('club:fields.choose'), disabled: true }, ...options] : options;
}

export function genderOptions(t: TFunction, value: string): Option[] {
  return withPlaceholder(
    genders.map((gender) => ({ value: gender, label: t(`club:gender.${gender}`) })),
    t,
    value,
  );
}

export function shopOptions(shops: ClubInfo['shops'], t: TFunction, value: string): Option[] {
  return withPlaceholder(
    shops.map((shop) => ({ value: String(shop.id), label: shop.city ? `${shop.name} — ${shop.city}` : shop.name })),
    t,
    value,
  );
}

export function languageOptions(t: TFunction): Option[] {
  return languages.map((code) => ({ value: code, label: t(`common:languages.${code}`) }));
}

/** Today as YYYY-MM-DD on the phone's calendar: the latest birthday a date field offers. */
export function todayOnThisPhone(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
