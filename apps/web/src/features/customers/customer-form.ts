// The member form's values as the inputs hold them, and the body they become (contracts' customerEditSchema). Email
// and phone are not in it: the customer changes them from the club, where the one-time codes go.
import type { Customer, CustomerEdit, Gender } from '@bottega/contracts/customers';

export type CustomerFormValues = {
  firstName: string;
  lastName: string;
  /** A Select's value: null while none is chosen. */
  gender: Gender | null;
  /** YYYY-MM-DD, '' while empty. */
  birthday: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** The Select's value: the id as text. */
  shopId: string | null;
  marketingConsent: boolean;
};

export function customerValuesOf(customer: Customer): CustomerFormValues {
  return {
    firstName: customer.firstName ?? '',
    lastName: customer.lastName ?? '',
    gender: customer.gender,
    birthday: customer.birthday ?? '',
    address: customer.address ?? '',
    city: customer.city ?? '',
    state: customer.state ?? '',
    zip: customer.zip ?? '',
    shopId: customer.shop ? String(customer.shop.id) : null,
    marketingConsent: customer.marketingConsentAt !== null,
  };
}

export function customerEditOf(values: CustomerFormValues): CustomerEdit {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    // Nothing chosen goes as null, so the check answers "required" next to the field.
    gender: values.gender as Gender,
    birthday: values.birthday || (null as unknown as string),
    address: values.address,
    city: values.city,
    state: values.state,
    zip: values.zip,
    shopId: values.shopId ? Number(values.shopId) : (null as unknown as number),
    marketingConsent: values.marketingConsent,
  };
}
