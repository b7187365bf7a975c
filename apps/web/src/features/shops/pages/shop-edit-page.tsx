// Management › shops/create and shops/{id}/edit: every field of spec §3 Shop. Read-only without
// shops.manage.edit. Checks are the server's (the same contract), shown next to each field.
import {
  defaultShiftGraceMinutes,
  maxShiftGraceMinutes,
  rankingPortals,
  type Shop,
  type ShopBody,
  shopBodySchema,
  shopCountries,
} from '@bottega/contracts/shops';
import {
  Alert,
  Autocomplete,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconReceipt } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, identifiersCheckedOnBlur, validateWith } from '../../../lib/form-validation';
import { currentLanguage } from '../../../lib/i18n';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { type RouterPasswordChange, RouterPasswordField } from '../components/router-password-field';
import { ShopTabs } from '../components/shop-tabs';
import { useSaveShop, useShop, useShopOptions } from '../shops.api';

type FormValues = {
  name: string;
  code: string;
  companyId: string | null;
  section: string;
  address: string;
  city: string;
  province: string;
  cap: string;
  country: string;
  phone: string;
  email: string;
  fiscalPrinterIp: string;
  routerIp: string;
  routerUsername: string;
  accountNumber: string;
  merchantCode: string;
  closed: boolean;
  closedOn: string;
  isRanked: boolean;
  hasRankingPortal: boolean;
  rankingPortal: string | null;
  /** NumberInput's value: a number, or the text while it is being typed (empty included). */
  shiftGraceMinutes: number | string;
};

const emptyShop: FormValues = {
  name: '',
  code: '',
  companyId: null,
  section: '',
  address: '',
  city: '',
  province: '',
  cap: '',
  country: 'IT',
  phone: '',
  email: '',
  fiscalPrinterIp: '',
  routerIp: '',
  routerUsername: '',
  accountNumber: '',
  merchantCode: '',
  closed: false,
  closedOn: '',
  isRanked: false,
  hasRankingPortal: false,
  rankingPortal: null,
  shiftGraceMinutes: defaultShiftGraceMinutes,
};

function valuesOf(shop: Shop): FormValues {
  return {
    name: shop.name,
    code: shop.code,
    companyId: String(shop.companyId),
    section: shop.section,
    address: shop.address,
    city: shop.city,
    province: shop.province,
    cap: shop.cap,
    country: shop.country,
    phone: shop.phone,
    email: shop.email,
    fiscalPrinterIp: shop.fiscalPrinterIp,
    routerIp: shop.routerIp,
    routerUsername: shop.routerUsername,
    accountNumber: shop.accountNumber,
    merchantCode: shop.merchantCode,
    closed: shop.closed,
    closedOn: shop.closedOn ?? '',
    isRanked: shop.isRanked,
    hasRankingPortal: shop.hasRankingPortal,
    rankingPortal: shop.rankingPortal,
    shiftGraceMinutes: shop.shiftGraceMinutes,
  };
}

function bodyOf(values: FormValues, password: RouterPasswordChange): ShopBody {
  const { companyId, closedOn, rankingPortal, shiftGraceMinutes, ...rest } = values;
  const body: ShopBody = {
    ...rest,
    // Emptied, it goes as null so the server answers "required" next to the field.
    shiftGraceMinutes: shiftGraceMinutes === '' ? (null as unknown as number) : Number(shiftGraceMinutes),
    country: values.country as ShopBody['country'],
    // None chosen goes as null, so the server answers "required" next to the field like for the others.
    companyId: companyId ? Number(companyId) : (null as unknown as number),
    closedOn: values.closed && closedOn ? closedOn : null,
    rankingPortal: values.hasRankingPortal ? (rankingPortal as ShopBody['rankingPortal']) : null,
  };
  if (password.mode === 'clear') body.routerPassword = null;
  if (password.mode === 'replace' && password.value) body.routerPassword = password.value;
  return body;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

export default function ShopEditPage() {
  const { t } = useTranslation(['shops', 'validation']);
  const navigate = useNavigate();
  const can = new Set(useAuthUser().data?.can ?? []);
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const shop = useShop(validId ? id : null);
  const options = useShopOptions();
  const save = useSaveShop(id);
  const [password, setPassword] = useState<RouterPasswordChange>({ mode: 'keep', value: '' });
  const form = useForm<FormValues>({
    initialValues: emptyShop,
    ...identifiersCheckedOnBlur((values: FormValues) => validateWith(shopBodySchema, bodyOf(values, password), t)),
  });
  const readOnly = id !== null && !can.has('shops.manage.edit');

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([currentLanguage()], { type: 'region' });
    return shopCountries.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, []);

  const loaded = shop.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when another version of the shop arrives
  useEffect(() => {
    if (loaded) {
      form.setValues(valuesOf(loaded));
      form.resetDirty(valuesOf(loaded));
      setPassword({ mode: 'keep', value: '' });
    }
  }, [loaded?.id, loaded?.updatedAt]);

  if (id !== null && (!validId || (shop.error instanceof ApiError && shop.error.status === 404))) {
    return <StatusPage status={404} />;
  }
  if (id !== null && !loaded) {
    return shop.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(shop.error, t)}
      </Alert>
    ) : (
      <Skeleton h={600} />
    );
  }

  const submit = form.onSubmit((values) =>
    save.mutate(bodyOf(values, password), {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('saved', { name: saved.name }) });
        setPassword({ mode: 'keep', value: '' });
        if (id === null) {
          // Without "all shops" the creator may not belong to the new shop, so it may be out of their sight.
          navigate(can.has('shops.manage.viewAllList') ? `/app/shops/${saved.id}/edit` : '/app/shops/list', {
            replace: true,
          });
        }
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    }),
  );

  const input = (field: keyof FormValues) => ({
    ...form.getInputProps(field),
    readOnly,
    'data-testid': `shop-${field}`,
  });
  const saveButton = !readOnly && (
    <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
      {t('save')}
    </Button>
  );

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={id === null ? t('createTitle') : t('editTitle', { name: loaded?.name ?? '' })}
        description={id === null ? t('createDescription') : t('editDescription')}
        actions={
          <>
            <Button variant="default" component={Link} to="/app/shops/list">
              {t('backToList')}
            </Button>
            {id !== null && (
              <Button
                variant="default"
                component={Link}
                to={`/app/shops/${id}/sales-feed`}
                leftSection={<IconReceipt size={16} />}
              >
                {t('sales:feed.open')}
              </Button>
            )}
            {saveButton}
          </>
        }
      />
      {id !== null && <ShopTabs shopId={id} current="edit" />}
      {save.error && !(save.error instanceof ApiError && save.error.code === 'validation') && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <Section title={t('sections.identity')}>
              <TextInput label={t('fields.name')} required maxLength={200} {...input('name')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('fields.code')}
                  placeholder={t('placeholders.code')}
                  required
                  maxLength={50}
                  dir="ltr"
                  {...input('code')}
                />
                <Select
                  label={t('fields.company')}
                  required
                  searchable
                  data={(options.data?.companies ?? []).map((company) => ({
                    value: String(company.id),
                    label: company.name,
                  }))}
                  {...input('companyId')}
                />
              </SimpleGrid>
              <Autocomplete
                label={t('fields.section')}
                description={t('hints.section')}
                maxLength={100}
                data={options.data?.sections ?? []}
                {...input('section')}
              />
            </Section>
            <Section title={t('sections.address')}>
              <TextInput label={t('fields.address')} required maxLength={200} {...input('address')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.city')} required maxLength={100} {...input('city')} />
                <TextInput
                  label={t('fields.province')}
                  placeholder={t('placeholders.province')}
                  required={form.values.country === 'IT'}
                  maxLength={2}
                  {...input('province')}
                />
                <TextInput label={t('fields.cap')} required maxLength={10} dir="ltr" {...input('cap')} />
                <Select
                  label={t('fields.country')}
                  required
                  allowDeselect={false}
                  data={countries}
                  {...input('country')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.phone')} type="tel" maxLength={30} dir="ltr" {...input('phone')} />
                <TextInput label={t('fields.email')} type="email" maxLength={254} dir="ltr" {...input('email')} />
              </SimpleGrid>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <Section title={t('sections.network')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.fiscalPrinterIp')} maxLength={45} dir="ltr" {...input('fiscalPrinterIp')} />
                <TextInput label={t('fields.routerIp')} maxLength={45} dir="ltr" {...input('routerIp')} />
                <TextInput
                  label={t('fields.routerUsername')}
                  maxLength={100}
                  dir="ltr"
                  autoComplete="off"
                  {...input('routerUsername')}
                />
                <RouterPasswordField
                  key={loaded?.updatedAt ?? 'new'}
                  shopId={id}
                  isSet={loaded?.routerPasswordSet ?? false}
                  change={password}
                  onChange={setPassword}
                  readOnly={readOnly}
                  error={form.errors.routerPassword as string | undefined}
                />
              </SimpleGrid>
            </Section>
            <Section title={t('sections.accounting')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.accountNumber')} maxLength={50} dir="ltr" {...input('accountNumber')} />
                <TextInput label={t('fields.merchantCode')} maxLength={50} dir="ltr" {...input('merchantCode')} />
              </SimpleGrid>
            </Section>
            <Section title={t('sections.ranking')}>
              <Checkbox
                label={t('fields.isRanked')}
                disabled={readOnly}
                {...form.getInputProps('isRanked', { type: 'checkbox' })}
                data-testid="shop-isRanked"
              />
              <Checkbox
                label={t('fields.hasRankingPortal')}
                disabled={readOnly}
                {...form.getInputProps('hasRankingPortal', { type: 'checkbox' })}
                data-testid="shop-hasRankingPortal"
              />
              {form.values.hasRankingPortal && (
                <Select
                  label={t('fields.rankingPortal')}
                  required
                  data={rankingPortals.map((portal) => ({ value: portal, label: t(`rankingPortals.${portal}`) }))}
                  {...input('rankingPortal')}
                />
              )}
            </Section>
            <Section title={t('sections.shifts')}>
              <NumberInput
                label={t('fields.shiftGraceMinutes')}
                description={t('hints.shiftGraceMinutes', { max: maxShiftGraceMinutes })}
                min={0}
                max={maxShiftGraceMinutes}
                step={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                suffix={` ${t('minutesSuffix')}`}
                w={{ base: '100%', sm: 260 }}
                {...input('shiftGraceMinutes')}
              />
            </Section>
            <Section title={t('sections.status')}>
              <Switch
                label={t('fields.closed')}
                description={t('hints.closed')}
                disabled={readOnly}
                {...form.getInputProps('closed', { type: 'checkbox' })}
                data-testid="shop-closed"
              />
              {form.values.closed && (
                <TextInput type="date" label={t('fields.closedOn')} required {...input('closedOn')} />
              )}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="md">
        {saveButton}
      </Group>
    </form>
  );
}
