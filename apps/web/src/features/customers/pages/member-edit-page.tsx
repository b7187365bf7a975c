// Marketing › users/edit/{id} (spec §2): a club member's personal details and shop. Email and phone are shown but not
// editable — the one-time codes and a new password go there, so the customer changes them from the club — and the
// marketing consent can only be withdrawn (on the customer's request), never given on their behalf. Checks are the
// contract's (the server's own); the server's refusals show on their fields; leaving with unsaved changes asks first.
import { type CustomerEdit, customerEditSchema, genders } from '@bottega/contracts/customers';
import { businessDate } from '@bottega/contracts/dates';
import { Alert, Button, Card, Select, SimpleGrid, Skeleton, Stack, Switch, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { type CustomerFormValues, customerEditOf, customerValuesOf } from '../customer-form';
import { customerName, idParam } from '../customer-query';
import { useCustomer, useCustomerShopChoices, useSaveCustomer } from '../customers.api';

const emptyValues: CustomerFormValues = {
  firstName: '',
  lastName: '',
  gender: null,
  birthday: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  shopId: null,
  marketingConsent: false,
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

export default function MemberEditPage() {
  const { t } = useTranslation(['customers', 'errors', 'validation']);
  const navigate = useNavigate();
  const id = idParam(useParams().id);
  const customer = useCustomer(id);
  const shops = useCustomerShopChoices();
  const save = useSaveCustomer(id ?? 0);
  const form = useForm<CustomerFormValues>({ initialValues: emptyValues });
  const loaded = customer.data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled once per member loaded, not on every refetch
  useEffect(() => {
    if (loaded) {
      form.setValues(customerValuesOf(loaded));
      form.resetDirty(customerValuesOf(loaded));
    }
  }, [loaded?.id]);

  if (id === null || (customer.error instanceof ApiError && customer.error.status === 404)) {
    return <StatusPage status={404} />;
  }
  if (customer.error instanceof ApiError && customer.error.status === 403) return <StatusPage status={403} />;
  if (!loaded) {
    return customer.isError ? (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(customer.error, t)}
      </Alert>
    ) : (
      <Skeleton h={520} />
    );
  }

  const detailPath = `/app/marketing/users/${loaded.id}`;
  const name = customerName(loaded) ?? loaded.cardNumber;

  if (!loaded.registered || loaded.erased) {
    return (
      <>
        <PageHeader title={t('edit.title', { name })} />
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="member-not-editable">
          {t(loaded.erased ? 'edit.erased' : 'edit.notMember')}
        </Alert>
        <Button mt="md" variant="default" component={Link} to={`/app/marketing/customers/${loaded.id}`}>
          {t('detail.back')}
        </Button>
      </>
    );
  }

  // The member's shop stays among the choices even when it is not one of the person's own.
  const shopChoices = [...(shops.data ?? [])];
  if (loaded.shop && !shopChoices.some((shop) => shop.id === loaded.shop?.id)) {
    shopChoices.push({ ...loaded.shop, city: '', companyName: '' });
  }
  // Consent can be withdrawn here, never given: the switch is off and locked once it is off.
  const consentLocked = loaded.marketingConsentAt === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CustomerEdit = customerEditOf(form.getValues());
    const errors = validateWith(customerEditSchema, body, t);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          message: t('edit.saved', { name: customerName(saved) ?? saved.cardNumber }),
        });
        form.resetDirty();
        // After the guard has seen the form saved.
        setTimeout(() => navigate(detailPath));
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    });
  };

  const input = (field: keyof CustomerFormValues) => ({
    ...form.getInputProps(field),
    'data-testid': `member-${field}`,
  });
  const fieldRefusal = save.error instanceof ApiError && Object.keys(save.error.fieldErrors).length > 0;
  const birthday = form.getInputProps('birthday');

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={form.isDirty()} />
      <PageHeader
        title={t('edit.title', { name })}
        description={t('edit.description')}
        actions={
          <>
            <Button variant="default" component={Link} to={detailPath} leftSection={<IconArrowLeft size={16} />}>
              {t('detail.back')}
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="member-save"
            >
              {t('edit.save')}
            </Button>
          </>
        }
      />
      {save.error && !fieldRefusal && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title={t('edit.sections.person')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.firstName')}
              required
              maxLength={60}
              autoComplete="off"
              {...input('firstName')}
            />
            <TextInput label={t('fields.lastName')} required maxLength={60} autoComplete="off" {...input('lastName')} />
            <Select
              label={t('fields.gender')}
              required
              allowDeselect={false}
              data={genders.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
              {...input('gender')}
            />
            <DateInput
              label={t('fields.birthday')}
              required
              valueFormat="DD/MM/YYYY"
              placeholder={t('edit.datePlaceholder')}
              dateParser={parseTypedDate}
              locale={calendarLocale()}
              firstDayOfWeek={1}
              defaultLevel="decade"
              maxDate={businessDate()}
              minDate="1900-01-01"
              {...birthday}
              value={(birthday.value as string) || null}
              onChange={(value) => form.setFieldValue('birthday', value ?? '')}
              data-testid="member-birthday"
            />
          </SimpleGrid>
          <TextInput label={t('fields.address')} maxLength={200} autoComplete="off" {...input('address')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('fields.zip')} maxLength={10} dir="ltr" autoComplete="off" {...input('zip')} />
            <TextInput label={t('fields.city')} maxLength={100} autoComplete="off" {...input('city')} />
            <TextInput label={t('fields.state')} maxLength={60} autoComplete="off" {...input('state')} />
          </SimpleGrid>
        </Section>
        <Stack gap="lg">
          <Section title={t('edit.sections.club')}>
            <TextInput
              label={t('fields.cardNumber')}
              value={loaded.cardNumber}
              readOnly
              dir="ltr"
              leftSection={<IconLock size={14} />}
              data-testid="member-cardNumber"
            />
            <Select
              label={t('fields.shop')}
              required
              searchable
              allowDeselect={false}
              data={shopChoices.map((shop) => ({ value: String(shop.id), label: `${shop.code} · ${shop.name}` }))}
              {...input('shopId')}
            />
            <Switch
              label={t('fields.marketingConsent')}
              description={t(consentLocked ? 'edit.consentNotGiven' : 'edit.consentHint')}
              disabled={consentLocked}
              {...form.getInputProps('marketingConsent', { type: 'checkbox' })}
              data-testid="member-marketingConsent"
            />
          </Section>
          <Section title={t('edit.sections.contacts')}>
            <Alert color="gray" icon={<IconInfoCircle size={18} />} p="sm">
              {t('edit.contactsHint')}
            </Alert>
            <TextInput
              label={t('fields.email')}
              value={loaded.email ?? ''}
              readOnly
              dir="ltr"
              leftSection={<IconLock size={14} />}
              data-testid="member-email"
            />
            <TextInput
              label={t('fields.phone')}
              value={loaded.phone ?? ''}
              readOnly
              dir="ltr"
              leftSection={<IconLock size={14} />}
              data-testid="member-phone"
            />
          </Section>
        </Stack>
      </SimpleGrid>
    </form>
  );
}
