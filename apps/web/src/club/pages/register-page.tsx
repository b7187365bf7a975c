// /club/register: every registration field of contracts/club.ts clubRegistrationSchema, checked here with the same
// schema and words as the server. ?invite=<code> comes from a friend's link ("invited by …"). While registration is
// suspended (§8) the server's maintenance message shows and the form keeps what was typed. Registered → the codes.
import { type ClubRegistration, clubRegistrationSchema, commonCountryCodes } from '@bottega/contracts/club';
import type { Gender } from '@bottega/contracts/customers';
import type { Language } from '@bottega/contracts/languages';
import { passwordMinLength } from '@bottega/contracts/profile';
import {
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserHeart } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../lib/form-validation';
import { currentLanguage } from '../../lib/i18n';
import { isSignedIn, rememberOtpSent, useClubInfo, useRegister } from '../club-api';
import { emptyReadsRequired, maskEmail, maskPhone } from '../club-format';
import { useClubTitle } from '../club-title';
import { languageOptions, shopOptions } from '../components/club-fields';
import { ClubFrame } from '../components/club-frame';
import { FormAlert } from '../components/form-alert';
import { FormSection } from '../components/form-section';
import { AddressFields, PersonFields } from '../components/person-fields';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  countryCode: string;
  phone: string;
  birthday: string;
  gender: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  shopId: string;
  hasCard: boolean;
  cardNumber: string;
  privacyConsent: boolean;
  marketingConsent: boolean;
  language: string;
};

const requiredFields = [
  'firstName',
  'lastName',
  'email',
  'password',
  'countryCode',
  'phone',
  'birthday',
  'gender',
  'shopId',
];

/** The body the server takes: a list left on its placeholder is missing (the "required" message), not invalid. */
function registrationOf(values: Values, inviteCode: string | null): ClubRegistration {
  const { hasCard, cardNumber, shopId, gender, birthday, ...rest } = values;
  return {
    ...rest,
    shopId: shopId === '' ? (undefined as unknown as number) : Number(shopId),
    gender: (gender === '' ? undefined : gender) as Gender,
    birthday: (birthday === '' ? undefined : birthday) as string,
    language: values.language as Language,
    ...(hasCard && cardNumber.trim() !== '' ? { cardNumber } : {}),
    ...(inviteCode ? { inviteCode } : {}),
  };
}

export function RegisterPage() {
  const { t } = useTranslation('club');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invite = params.get('invite')?.trim() || null;
  const info = useClubInfo(invite);
  const register = useRegister();
  const [failure, setFailure] = useState<unknown>(null);
  useClubTitle(t('register.title'));

  const form = useForm<Values>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      countryCode: '+39',
      phone: '',
      birthday: '',
      gender: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      shopId: '',
      hasCard: false,
      cardNumber: '',
      privacyConsent: false,
      marketingConsent: false,
      language: currentLanguage(),
    },
    validate: (values) =>
      emptyReadsRequired(
        validateWith(clubRegistrationSchema, registrationOf(values, invite), t),
        values,
        requiredFields,
        t('validation:required'),
      ),
  });
  if (isSignedIn() && !register.isSuccess) return <Navigate to="/card" replace />;

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      const body = registrationOf(values, invite);
      register.mutate(body, {
        onSuccess: ({ customer }) => {
          // The server sent both codes: the codes page counts down to when another may be asked for.
          const resendAt = new Date(Date.now() + (info.data?.otpResendSeconds ?? 60) * 1000).toISOString();
          rememberOtpSent('email', { sentTo: maskEmail(customer.email), resendAt });
          rememberOtpSent('sms', { sentTo: maskPhone(customer.countryCode, customer.phone), resendAt });
          navigate('/verify', { replace: true });
        },
        onError: (error) => {
          setFailure(error);
          if (!(error instanceof ApiError)) return;
          form.setErrors(firstFieldErrors(error.fieldErrors));
          if (error.code === 'customerEmailTaken')
            form.setFieldError('email', error.message || t('errors:customerEmailTaken'));
          if (error.code === 'customerCardTaken') {
            form.setFieldError('cardNumber', error.message || t('errors:customerCardTaken'));
          }
        },
      });
    },
    () => setFailure(null),
  );

  const suspended = failure instanceof ApiError && failure.code === 'clubRegistrationSuspended';
  const message = errorMessage(failure, t);
  const shops = info.data?.shops ?? [];

  return (
    <ClubFrame>
      <Stack gap="lg" py="md">
        <Stack gap="xs">
          <Title order={1}>{t('register.title')}</Title>
          {info.data && <Text>{t('register.intro', { percent: info.data.maxDiscountPercent })}</Text>}
        </Stack>
        {info.data?.invitedBy && (
          <Group gap="xs" wrap="nowrap" c="var(--mantine-color-teal-text)" data-testid="club-invited-by">
            <IconUserHeart size={20} aria-hidden />
            <Text fw={600} inherit>
              {t('register.invitedBy', { name: info.data.invitedBy })}
            </Text>
          </Group>
        )}
        {info.data && !info.data.registrationOpen && !failure && (
          <FormAlert kind="maintenance">{t('errors:clubRegistrationSuspended')}</FormAlert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <FormSection title={t('register.aboutYou')}>
              <PersonFields form={form} />
            </FormSection>

            <FormSection title={t('register.account')}>
              <TextInput
                label={t('fields.email')}
                description={t('register.emailHint')}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label={t('fields.password')}
                description={t('fields.passwordHint', { min: passwordMinLength })}
                autoComplete="new-password"
                required
                visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
                {...form.getInputProps('password')}
              />
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <Autocomplete
                  label={t('fields.countryCode')}
                  data={[...commonCountryCodes]}
                  inputMode="tel"
                  autoComplete="tel-country-code"
                  required
                  w={110}
                  dir="ltr"
                  {...form.getInputProps('countryCode')}
                />
                <TextInput
                  label={t('fields.phone')}
                  description={t('register.phoneHint')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  required
                  style={{ flex: 1 }}
                  dir="ltr"
                  {...form.getInputProps('phone')}
                />
              </Group>
            </FormSection>

            <FormSection title={t('register.address')}>
              <AddressFields form={form} />
            </FormSection>

            <FormSection title={t('register.club')}>
              <NativeSelect
                label={t('fields.shop')}
                description={t('register.shopHint')}
                required
                data={shopOptions(shops, t, form.getValues().shopId)}
                {...form.getInputProps('shopId')}
              />
              <Checkbox label={t('register.hasCard')} {...form.getInputProps('hasCard', { type: 'checkbox' })} />
              {form.getValues().hasCard && (
                <TextInput
                  label={t('fields.cardNumber')}
                  description={t('register.cardHint')}
                  autoComplete="off"
                  dir="ltr"
                  {...form.getInputProps('cardNumber')}
                />
              )}
              <NativeSelect
                label={t('fields.language')}
                description={t('fields.languageHint')}
                data={languageOptions(t)}
                {...form.getInputProps('language')}
              />
            </FormSection>

            <FormSection title={t('register.consents')}>
              <Checkbox
                label={t('fields.privacyConsent')}
                required
                {...form.getInputProps('privacyConsent', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('fields.marketingConsent')}
                description={t('fields.marketingHint')}
                {...form.getInputProps('marketingConsent', { type: 'checkbox' })}
              />
            </FormSection>

            {message && (
              <FormAlert kind={suspended ? 'maintenance' : 'error'} testId="club-register-error">
                {message}
                {failure instanceof ApiError && failure.code === 'customerEmailTaken' && (
                  <>
                    {' '}
                    <Anchor component={Link} to="/sign-in" inherit underline="always">
                      {t('register.signInInstead')}
                    </Anchor>
                  </>
                )}
              </FormAlert>
            )}
            <Button type="submit" size="lg" loading={register.isPending} fullWidth>
              {t('register.submit')}
            </Button>
          </Stack>
        </form>
        <Text ta="center" size="sm">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to="/sign-in" underline="always">
            {t('register.signIn')}
          </Anchor>
        </Text>
      </Stack>
    </ClubFrame>
  );
}
