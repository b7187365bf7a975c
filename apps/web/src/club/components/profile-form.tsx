import { type ClubProfile, clubProfileEditSchema } from '@bottega/contracts/club';
import type { Gender } from '@bottega/contracts/customers';
import type { Language } from '@bottega/contracts/languages';
import { Button, Checkbox, NativeSelect, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../lib/form-validation';
import { currentLanguage } from '../../lib/i18n';
import { type ClubProfileEdit, useClubInfo, useUpdateProfile } from '../club-api';
import { emptyReadsRequired } from '../club-format';
import { changeClubLanguage } from '../club-i18n';
import { languageOptions, shopOptions } from './club-fields';
import { FormAlert } from './form-alert';
import { FormSection } from './form-section';
import { AddressFields, PersonFields } from './person-fields';

type Values = {
  firstName: string;
  lastName: string;
  birthday: string;
  gender: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  shopId: string;
  marketingConsent: boolean;
  language: string;
};

function valuesOf(profile: ClubProfile): Values {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    birthday: profile.birthday,
    gender: profile.gender,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    zip: profile.zip,
    shopId: profile.shop ? String(profile.shop.id) : '',
    marketingConsent: profile.marketingConsent,
    language: profile.language,
  };
}

function editOf(values: Values): ClubProfileEdit {
  return {
    ...values,
    shopId: values.shopId === '' ? (undefined as unknown as number) : Number(values.shopId),
    gender: (values.gender === '' ? undefined : values.gender) as Gender,
    birthday: (values.birthday === '' ? undefined : values.birthday) as string,
    language: values.language as Language,
  };
}

/**
 * What the customer may change of themselves (contracts/club.ts clubProfileEditSchema), checked as the server
 * does. The language chosen here is the club's mails' and messages', and the screens follow it.
 */
export function ProfileForm({ profile }: { profile: ClubProfile }) {
  const { t } = useTranslation('club');
  const info = useClubInfo();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    initialValues: valuesOf(profile),
    validate: (values) =>
      emptyReadsRequired(
        validateWith(clubProfileEditSchema, editOf(values), t),
        values,
        ['firstName', 'lastName', 'birthday', 'gender', 'shopId'],
        t('validation:required'),
      ),
    onValuesChange: () => setSaved(false),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    setSaved(false);
    update.mutate(editOf(values), {
      onSuccess: async (answer) => {
        form.setInitialValues(valuesOf(answer));
        form.setValues(valuesOf(answer));
        setSaved(true);
        if (answer.language !== currentLanguage()) await changeClubLanguage(answer.language);
      },
      onError: (error) => {
        setFailure(error);
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    });
  });

  const message = errorMessage(failure, t);
  // The customer's shop is offered even if the list has not come yet or no longer holds it.
  const shops = info.data?.shops ?? (profile.shop ? [profile.shop] : []);

  return (
    <form onSubmit={submit} noValidate>
      <FormSection title={t('profile.editTitle')}>
        <PersonFields form={form} />
        <AddressFields form={form} />
        <NativeSelect
          label={t('fields.shop')}
          required
          data={shopOptions(shops, t, form.getValues().shopId)}
          {...form.getInputProps('shopId')}
        />
        <NativeSelect
          label={t('fields.language')}
          description={t('fields.languageHint')}
          data={languageOptions(t)}
          {...form.getInputProps('language')}
        />
        <Checkbox
          label={t('fields.marketingConsent')}
          description={t('fields.marketingHint')}
          {...form.getInputProps('marketingConsent', { type: 'checkbox' })}
        />
        {message && <FormAlert>{message}</FormAlert>}
        {saved && <FormAlert kind="success">{t('profile.saved')}</FormAlert>}
        <Stack>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('profile.save')}
          </Button>
        </Stack>
      </FormSection>
    </form>
  );
}
