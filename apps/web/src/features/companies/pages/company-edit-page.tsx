// Management › company/create and company/{id}/edit: name, company id and partita IVA (checked as soon as it is
// left, and by the server).
import { companyBodySchema } from '@bottega/contracts/companies';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, identifiersCheckedOnBlur, validateWith } from '../../../lib/form-validation';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { useCompany, useSaveCompany } from '../companies.api';

const emptyCompany = { name: '', companyCode: '', vatNumber: '' };

export default function CompanyEditPage() {
  const { t } = useTranslation(['companies', 'validation']);
  const navigate = useNavigate();
  const can = new Set(useAuthUser().data?.can ?? []);
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const company = useCompany(validId ? id : null);
  const save = useSaveCompany(id);
  const form = useForm({
    initialValues: emptyCompany,
    ...identifiersCheckedOnBlur((values: typeof emptyCompany) => validateWith(companyBodySchema, values, t)),
  });
  const readOnly = id !== null && !can.has('shops.companies.edit');

  const loaded = company.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when another company arrives
  useEffect(() => {
    if (loaded) {
      const values = { name: loaded.name, companyCode: loaded.companyCode, vatNumber: loaded.vatNumber };
      form.setValues(values);
      form.resetDirty(values);
    }
  }, [loaded?.id, loaded?.name, loaded?.companyCode, loaded?.vatNumber]);

  if (id !== null && (!validId || (company.error instanceof ApiError && company.error.status === 404))) {
    return <StatusPage status={404} />;
  }
  if (id !== null && !loaded) {
    return company.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(company.error, t)}
      </Alert>
    ) : (
      <Skeleton h={300} />
    );
  }

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('saved', { name: saved.name }) });
        if (id === null) navigate(`/app/company/${saved.id}/edit`, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={id === null ? t('createTitle') : t('editTitle', { name: loaded?.name ?? '' })}
        description={t('editDescription')}
        actions={
          <>
            <Button variant="default" component={Link} to="/app/company/list">
              {t('backToList')}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
                {t('save')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md" maw={720}>
        {save.error && !(save.error instanceof ApiError && save.error.code === 'validation') && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <TextInput
              label={t('fields.name')}
              required
              maxLength={200}
              readOnly={readOnly}
              {...form.getInputProps('name')}
              data-testid="company-name"
            />
            <Group grow align="flex-start">
              <TextInput
                label={t('fields.companyCode')}
                description={t('hints.companyCode')}
                required
                maxLength={50}
                readOnly={readOnly}
                {...form.getInputProps('companyCode')}
                data-testid="company-code"
              />
              <TextInput
                label={t('fields.vatNumber')}
                description={t('hints.vatNumber')}
                required
                maxLength={20}
                inputMode="numeric"
                dir="ltr"
                readOnly={readOnly}
                {...form.getInputProps('vatNumber')}
                data-testid="company-vat"
              />
            </Group>
          </Stack>
        </Card>
        {loaded && (
          <Card withBorder padding="lg">
            <Text size="sm">
              {t('shopCount', { count: loaded.shopCount })}{' '}
              {loaded.shopCount > 0 && can.has('shops.manage.list') && (
                <Anchor component={Link} to={`/app/shops/list?companyId=${loaded.id}`} size="sm">
                  {t('showShops')}
                </Anchor>
              )}
            </Text>
          </Card>
        )}
      </Stack>
    </form>
  );
}
