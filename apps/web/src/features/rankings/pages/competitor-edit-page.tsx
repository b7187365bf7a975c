// Ranks › ranks/competitors/create and {id}/edit: a competitor's ranked shop (chosen once), name and priority
// (1 = the main rival).
import { competitorBodySchema } from '@bottega/contracts/rankings';
import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { RankedShopSelect } from '../components/ranked-shop-select';
import { useCompetitor, useRankedShops, useSaveCompetitor } from '../rankings.api';

type Values = { shopId: number | null; name: string; priority: number | string };

export default function CompetitorEditPage() {
  const { t } = useTranslation(['rankings', 'validation']);
  const navigate = useNavigate();
  const can = new Set(useAuthUser().data?.can ?? []);
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id === undefined ? null : Number(params.id);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const competitor = useCompetitor(validId ? id : null);
  const shops = useRankedShops();
  const save = useSaveCompetitor(id);
  const chosenShop = Number(search.get('shopId'));
  const form = useForm<Values>({
    initialValues: {
      shopId: Number.isInteger(chosenShop) && chosenShop > 0 ? chosenShop : null,
      name: '',
      priority: 1,
    },
    validate: (values) => validateWith(competitorBodySchema, { ...values, priority: Number(values.priority) }, t),
  });
  const readOnly = id !== null && !can.has('shops.ranking.competitors.edit');

  const loaded = competitor.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when another competitor arrives
  useEffect(() => {
    if (loaded) {
      const values = { shopId: loaded.shopId, name: loaded.name, priority: loaded.priority };
      form.setValues(values);
      form.resetDirty(values);
    }
  }, [loaded?.id, loaded?.name, loaded?.priority]);

  if (id !== null && (!validId || (competitor.error instanceof ApiError && competitor.error.status === 404))) {
    return <StatusPage status={404} />;
  }
  if (id !== null && !loaded) {
    return competitor.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(competitor.error, t)}
      </Alert>
    ) : (
      <Skeleton h={300} />
    );
  }

  const submit = form.onSubmit((values) => {
    const priority = Number(values.priority);
    const body =
      id === null ? { shopId: values.shopId ?? 0, name: values.name, priority } : { name: values.name, priority };
    save.mutate(body, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('saved', { name: saved.name }) });
        if (id === null) navigate(`/app/ranks/competitors?shopId=${saved.shopId}`);
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={id === null ? t('createTitle') : t('editTitle', { name: loaded?.name ?? '' })}
        description={t('editDescription')}
        actions={
          <>
            <Button variant="default" component={Link} to="/app/ranks/competitors">
              {t('backToList')}
            </Button>
            {!readOnly && (
              <Button
                type="submit"
                loading={save.isPending}
                leftSection={<IconDeviceFloppy size={16} />}
                data-testid="competitor-save"
              >
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
            {id === null ? (
              <RankedShopSelect
                shops={shops.data}
                value={form.values.shopId}
                onChange={(value) => form.setFieldValue('shopId', value)}
                testId="competitor-shop"
              />
            ) : (
              <TextInput label={t('shop')} value={`${loaded?.shopCode} · ${loaded?.shopName}`} readOnly />
            )}
            {form.errors.shopId && (
              <Alert color="red" role="alert" p="xs">
                {form.errors.shopId}
              </Alert>
            )}
            <Group grow align="flex-start">
              <TextInput
                label={t('fields.name')}
                required
                maxLength={120}
                readOnly={readOnly}
                {...form.getInputProps('name')}
                data-testid="competitor-name"
              />
              <NumberInput
                label={t('fields.priority')}
                description={t('hints.priority')}
                required
                min={1}
                max={99}
                allowDecimal={false}
                allowNegative={false}
                readOnly={readOnly}
                {...form.getInputProps('priority')}
                data-testid="competitor-priority"
              />
            </Group>
          </Stack>
        </Card>
      </Stack>
    </form>
  );
}
