import type { ProfileField } from '@bottega/contracts/profile';
import { Card, SimpleGrid, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ProfileFieldInput, type ProfileFormValues } from './profile-field-input';

/** The personal and bank data in the order people think of them. */
export const profileSections: { key: string; fields: ProfileField[] }[] = [
  { key: 'personal', fields: ['name', 'surname', 'fiscalCode', 'birthday', 'identityCardNumber'] },
  { key: 'contacts', fields: ['email', 'phone'] },
  { key: 'address', fields: ['address', 'city', 'cap'] },
  { key: 'bank', fields: ['iban', 'bic', 'bankName', 'depositCardNumber'] },
];

/** One card per section with the fields asked for; locked ones are read-only. */
export function ProfileSections({
  form,
  fields,
  isLocked,
  isRequired,
  descriptions,
}: {
  form: UseFormReturnType<ProfileFormValues>;
  fields: readonly ProfileField[];
  isLocked: (field: ProfileField) => boolean;
  isRequired?: (field: ProfileField) => boolean;
  descriptions?: Partial<Record<ProfileField, string>>;
}) {
  const { t } = useTranslation('profile');
  return profileSections.map((section) => {
    const shown = section.fields.filter((field) => fields.includes(field));
    if (shown.length === 0) return null;
    return (
      <Card key={section.key} withBorder padding="lg" data-testid={`section-${section.key}`}>
        <Title order={2} size="h4" mb="sm">
          {t(`sections.${section.key}`)}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {shown.map((field) => (
            <ProfileFieldInput
              key={field}
              field={field}
              form={form}
              locked={isLocked(field)}
              required={isRequired?.(field)}
              description={descriptions?.[field]}
            />
          ))}
        </SimpleGrid>
      </Card>
    );
  });
}
