// The edit form's values, how they become the request body, and which tab each field lives on.
import type { Employee, EmployeeCreateBody, EmployeeUpdateBody } from '@bottega/contracts/employees';

export type EmployeeFormValues = {
  name: string;
  surname: string;
  email: string;
  phone: string;
  fiscalCode: string;
  birthday: string;
  identityCardNumber: string;
  address: string;
  city: string;
  cap: string;
  matricola: string;
  username: string;
  engagementDate: string;
  /** The main shop (businessPoint). */
  shopId: string | null;
  /** The other shops. */
  shopIds: string[];
  /** In order: the first is the role. */
  groupIds: string[];
  depositCardNumber: string;
  useFingerprint: boolean;
  iban: string;
  bic: string;
  bankName: string;
};

export const employeeTabs = ['personal', 'work', 'bank', 'documents', 'history'] as const;
export type EmployeeTab = (typeof employeeTabs)[number];

const fieldTabs: Record<keyof EmployeeFormValues, EmployeeTab> = {
  name: 'personal',
  surname: 'personal',
  email: 'personal',
  phone: 'personal',
  fiscalCode: 'personal',
  birthday: 'personal',
  identityCardNumber: 'personal',
  address: 'personal',
  city: 'personal',
  cap: 'personal',
  matricola: 'work',
  username: 'work',
  engagementDate: 'work',
  shopId: 'work',
  shopIds: 'work',
  groupIds: 'work',
  depositCardNumber: 'work',
  useFingerprint: 'work',
  iban: 'bank',
  bic: 'bank',
  bankName: 'bank',
};

/** The tab a field (or a server error's field, such as `shopIds.0`) belongs to. */
export function tabOfField(field: string): EmployeeTab {
  return fieldTabs[field.split('.')[0] as keyof EmployeeFormValues] ?? 'personal';
}

export function emptyValues(): EmployeeFormValues {
  return {
    name: '',
    surname: '',
    email: '',
    phone: '',
    fiscalCode: '',
    birthday: '',
    identityCardNumber: '',
    address: '',
    city: '',
    cap: '',
    matricola: '',
    username: '',
    engagementDate: '',
    shopId: null,
    shopIds: [],
    groupIds: [],
    depositCardNumber: '',
    useFingerprint: false,
    iban: '',
    bic: '',
    bankName: '',
  };
}

export function valuesOf(employee: Employee): EmployeeFormValues {
  const main = employee.shops.find((shop) => shop.isMain);
  return {
    name: employee.name,
    surname: employee.surname,
    email: employee.email,
    phone: employee.phone,
    fiscalCode: employee.fiscalCode ?? '',
    birthday: employee.birthday ?? '',
    identityCardNumber: employee.identityCardNumber,
    address: employee.address,
    city: employee.city,
    cap: employee.cap,
    matricola: employee.matricola ?? '',
    username: employee.username,
    engagementDate: employee.engagementDate ?? '',
    shopId: main ? String(main.id) : null,
    shopIds: employee.shops.filter((shop) => !shop.isMain).map((shop) => String(shop.id)),
    groupIds: employee.groups.map((group) => String(group.id)),
    depositCardNumber: employee.depositCardNumber,
    useFingerprint: employee.useFingerprint,
    iban: employee.iban,
    bic: employee.bic,
    bankName: employee.bankName,
  };
}

/** The body of a create or of an edit (shops and groups left out for a former employee). */
export function bodyOf(
  values: EmployeeFormValues,
  options: { creating: boolean; withMemberships: boolean },
): EmployeeCreateBody | EmployeeUpdateBody {
  const { shopId, shopIds, groupIds, birthday, engagementDate, ...rest } = values;
  const memberships = {
    shopId: shopId === null ? null : Number(shopId),
    shopIds: shopIds.filter((id) => id !== shopId).map(Number),
    groupIds: groupIds.map(Number),
  };
  return {
    ...rest,
    birthday: birthday || null,
    engagementDate: engagementDate || null,
    ...(options.creating || options.withMemberships ? memberships : {}),
  };
}
