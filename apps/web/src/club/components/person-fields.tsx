import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { genderOptions, todayOnThisPhone } from './club-fields';

type PersonPath = 'firstName' | 'lastName' | 'birthday' | 'gender';

/** Who the customer is — names, birthday, gender — as the registration and the profile both ask it. */
export function PersonFields({
  form,
}: {
  form: {
    getInputProps: (path: PersonPath) => GetInputPropsReturnType;
    getValues: () => { gender: string };
  };
}) {
  const { t } = useTranslation('club');
  return (
    <>
      <TextInput
        label={t('fields.firstName')}
        autoComplete="given-name"
        required
        {...form.getInputProps('firstName')}
      />
      <TextInput label={t('fields.lastName')} autoComplete="family-name" required {...form.getInputProps('lastName')} />
      <TextInput
        label={t('fields.birthday')}
        type="date"
        max={todayOnThisPhone()}
        autoComplete="bday"
        required
        {...form.getInputProps('birthday')}
      />
      <NativeSelect
        label={t('fields.gender')}
        required
        data={genderOptions(t, form.getValues().gender)}
        {...form.getInputProps('gender')}
      />
    </>
  );
}

type AddressPath = 'address' | 'city' | 'state' | 'zip';

/** Where the customer lives, as the registration and the profile both ask it. */
export function AddressFields({ form }: { form: { getInputProps: (path: AddressPath) => GetInputPropsReturnType } }) {
  const { t } = useTranslation('club');
  return (
    <>
      <TextInput label={t('fields.address')} autoComplete="street-address" {...form.getInputProps('address')} />
      <TextInput label={t('fields.city')} autoComplete="address-level2" {...form.getInputProps('city')} />
      <Group gap="sm" grow align="flex-start">
        <TextInput label={t('fields.state')} autoComplete="address-level1" {...form.getInputProps('state')} />
        <TextInput
          label={t('fields.zip')}
          autoComplete="postal-code"
          inputMode="numeric"
          {...form.getInputProps('zip')}
        />
      </Group>
    </>
  );
}
