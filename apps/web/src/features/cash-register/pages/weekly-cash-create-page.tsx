// Management › shops/weekly-cash/create/{week}: one ISO week of a shop (the shop the user is working in, or
// ?shopId= from the daily report's tab) with its seven days and links to their reports, the closed days' sums
// and, from Sunday 18:00 once every day is closed, the form that fills it: the fund left in the till, the cash
// deposited at the bank and notes. Otherwise the reason it cannot be filled yet; once filled, what was filled.
import {
  type WeeklyCash,
  weeklyCashBodySchema,
  weeklyCashDifference,
  weeklyCashNeedsNote,
} from '@bottega/contracts/cash-register';
import { isoWeekDays, isoWeekOf, isoWeekSchema, previousIsoWeek } from '@bottega/contracts/dates';
import { formatMoney } from '@bottega/contracts/money';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  useDirection,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconClockHour6,
  IconDeviceFloppy,
  IconLock,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { weekRange, weekTitle } from '../../../lib/format-week';
import { parseMoney } from '../../../lib/parse-money';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { WeeklyCashDaysTable, WeeklyCashTotals } from '../components/weekly-cash-days';
import { isolated, WeekStatusBadge, weekReason } from '../components/weekly-cash-status';
import { useFillWeeklyCash, useWeeklyCash } from '../weekly-cash.api';

export default function WeeklyCashCreatePage() {
  const { t } = useTranslation(['weekly-cash', 'errors']);
  const params = useParams();
  const [search] = useSearchParams();
  const user = useAuthUser().data;
  const week = isoWeekSchema.safeParse(params.week);
  if (!week.success) return <StatusPage status={404} />;
  const requested = Number(search.get('shopId'));
  const shopId = Number.isInteger(requested) && requested > 0 ? requested : (user?.shop?.id ?? null);
  if (user && shopId === null) {
    return (
      <Alert color="gray" icon={<IconLock size={18} />} mt="md" data-testid="weekly-no-shop">
        {t('page.noShop')}
      </Alert>
    );
  }
  return <WeekScreen key={`${shopId}-${week.data}`} shopId={shopId} week={week.data} />;
}

/** The week after: the ISO week of the Monday following its Sunday. */
function nextIsoWeek(week: string): string {
  const sunday = isoWeekDays(week)[6] as string;
  return isoWeekOf(new Date(Date.parse(`${sunday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
}

function WeekScreen({ shopId, week }: { shopId: number | null; week: string }) {
  const { t } = useTranslation(['weekly-cash', 'errors']);
  const { dir } = useDirection();
  const [search] = useSearchParams();
  const can = new Set(useAuthUser().data?.can ?? []);
  const weekly = useWeeklyCash(shopId, week);

  if (weekly.error instanceof ApiError && weekly.error.status === 404) return <StatusPage status={404} />;

  const keep = search.get('shopId') ? `?shopId=${search.get('shopId')}` : '';
  const Previous = dir === 'rtl' ? IconChevronRight : IconChevronLeft;
  const Next = dir === 'rtl' ? IconChevronLeft : IconChevronRight;

  return (
    <>
      <PageHeader
        title={t('create.title', { week: weekTitle(t, week) })}
        description={weekly.data ? `${weekly.data.shopName} · ${weekRange(t, week)}` : weekRange(t, week)}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={`/app/shops/weekly-cash/create/${previousIsoWeek(week)}${keep}`}
              leftSection={<Previous size={16} />}
              data-testid="week-previous"
            >
              {t('create.previousWeek')}
            </Button>
            <Button
              variant="default"
              component={Link}
              to={`/app/shops/weekly-cash/create/${nextIsoWeek(week)}${keep}`}
              rightSection={<Next size={16} />}
              data-testid="week-next"
            >
              {t('create.nextWeek')}
            </Button>
            <Button
              variant="subtle"
              component={Link}
              to="/app/shops/weekly-cash"
              leftSection={<IconArrowBackUp size={16} />}
            >
              {t('create.backToWeeks')}
            </Button>
          </>
        }
      />
      {weekly.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(weekly.error, t)}
        </Alert>
      ) : !weekly.data ? (
        <Stack gap="md" data-testid="weekly-loading">
          <Skeleton h={90} />
          <Skeleton h={320} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <WeeklyCashTotals weekly={weekly.data} t={t} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Card withBorder padding={0}>
                <Group justify="space-between" p="md" pb="xs">
                  <Title order={2} size="h4">
                    {t('create.days')}
                  </Title>
                  <WeekStatusBadge week={weekly.data} t={t} />
                </Group>
                <WeeklyCashDaysTable weekly={weekly.data} t={t} />
                <Text size="xs" c="dimmed" p="md" pt="xs">
                  {t('totals.closedOnly')}
                </Text>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <WeekAction weekly={weekly.data} t={t} canClose={can.has('shops.cashRegister.closeWeekly')} />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </>
  );
}

/** The form when the week can be filled by this user; otherwise why not, or what was filled. */
function WeekAction({ weekly, t, canClose }: { weekly: WeeklyCash; t: TFunction; canClose: boolean }) {
  if (weekly.blockedBy === 'filled') return <FilledCard weekly={weekly} t={t} />;
  if (weekly.blockedBy === 'beforeSundayEvening') {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconClockHour6 size={18} />}
        title={t('create.blocked.beforeSundayEvening')}
        data-testid="weekly-blocked"
        data-reason="beforeSundayEvening"
      >
        {weekReason(t, weekly)}
      </Alert>
    );
  }
  if (weekly.blockedBy === 'daysNotClosed') {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('create.blocked.daysNotClosed')}
        data-testid="weekly-blocked"
        data-reason="daysNotClosed"
      >
        <Text size="sm">{weekReason(t, weekly)}</Text>
        <Text size="sm" mt="xs">
          {t('create.blocked.daysNotClosedHint')}
        </Text>
      </Alert>
    );
  }
  if (!canClose) {
    return (
      <Alert color="gray" icon={<IconLock size={18} />} title={t('create.blocked.ready')} data-testid="weekly-blocked">
        {t('create.blocked.notAllowed')}
      </Alert>
    );
  }
  return <FillForm weekly={weekly} t={t} />;
}

function FilledCard({ weekly, t }: { weekly: WeeklyCash; t: TFunction }) {
  return (
    <Card withBorder data-testid="weekly-filled">
      <Group gap="xs" mb="sm">
        <IconCircleCheck size={20} color="var(--mantine-color-green-6)" />
        <Title order={2} size="h4">
          {t('create.filled.title')}
        </Title>
      </Group>
      <Text size="sm">{weekReason(t, weekly)}</Text>
      <Stack gap={6} mt="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('fields.cashFundCents')}
          </Text>
          <Money cents={weekly.cashFundCents} />
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('fields.depositsCents')}
          </Text>
          <Money cents={weekly.depositsCents} />
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('fields.differenceCents')}
          </Text>
          <Money cents={weekly.differenceCents} c={weekly.differenceCents === 0 ? undefined : 'orange'} />
        </Group>
      </Stack>
      <Text size="sm" c="dimmed" mt="md">
        {t('fields.comments')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="weekly-comments">
        {weekly.comments || t('create.filled.noComments')}
      </Text>
      <Text size="xs" c="dimmed" mt="md">
        {t('create.filled.readOnly')}
      </Text>
    </Card>
  );
}

type FillValues = { cashFundCents: string; comments: string };

/** Typed euro to the body's cents: empty is missing (required), text that is not an amount is NaN (invalid). */
function bodyOf(values: FillValues) {
  const cents = (text: string) => parseMoney(text) ?? undefined;
  return {
    cashFundCents: cents(values.cashFundCents),
    comments: values.comments,
  };
}

/** An amount in the form's own format: 200,00. */
const typed = (cents: number) => formatMoney(cents).replace(/^-?€\s/, '');

function FillForm({ weekly, t }: { weekly: WeeklyCash; t: TFunction }) {
  const fill = useFillWeeklyCash(weekly.shopId, weekly.week);
  const [confirming, setConfirming] = useState(false);
  // The fund the till kept at the last closed day is what the week leaves in it, unless told otherwise.
  const lastFund = [...weekly.days].reverse().find((day) => day.status === 'closed' && day.cashFundCents !== null);
  const form = useForm<FillValues>({
    initialValues: {
      cashFundCents: lastFund?.cashFundCents != null ? typed(lastFund.cashFundCents) : '',
      comments: '',
    },
    validate: (values) => {
      const errors = validateWith(weeklyCashBodySchema, bodyOf(values), t);
      if (weeklyCashNeedsNote({ differenceCents: difference, comments: values.comments })) {
        errors.comments ??= t('create.form.noteRequired', { difference: isolated(formatMoney(difference)) });
      }
      return errors;
    },
  });
  // The deposits are those the shop recorded for the week's days (shop/deposit/add), not typed here.
  const difference = weeklyCashDifference({
    dailyCashCents: weekly.dailyCashCents,
    depositsCents: weekly.depositsCents,
  });

  const submit = () =>
    fill.mutate(weeklyCashBodySchema.parse(bodyOf(form.values)), {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({
          color: 'green',
          message: t('create.saved', { week: weekTitle(t, weekly.week), shop: weekly.shopName }),
        });
      },
      onError: (error) => {
        // A refusal about a field (an amount, the missing note) is shown on the field, not in the dialog.
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
          form.setErrors(firstFieldErrors(error.fieldErrors));
          setConfirming(false);
        }
      },
    });

  const money = (name: keyof FillValues) => ({
    ...form.getInputProps(name),
    leftSection: '€',
    inputMode: 'decimal' as const,
    dir: 'ltr',
    placeholder: '0,00',
    'data-testid': `weekly-${name}`,
  });

  return (
    <Card withBorder data-testid="weekly-form">
      <form
        noValidate
        onSubmit={form.onSubmit(() => {
          fill.reset();
          setConfirming(true);
        })}
      >
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4">
              {t('create.form.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('create.form.description')}
            </Text>
          </div>
          <TextInput
            label={t('fields.cashFundCents')}
            description={t('create.form.cashFundHint')}
            required
            {...money('cashFundCents')}
          />
          <Card withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{t('fields.depositsCents')}</Text>
              <Text fw={600} data-testid="weekly-deposits-recorded">
                <Money cents={weekly.depositsCents} />
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {t('create.form.depositsHint')}{' '}
              <Anchor
                component={Link}
                to={`/app/shop/deposit/archive?shop=${weekly.shopId}&month=${weekly.days[0]?.businessDate.slice(0, 7) ?? ''}`}
                size="xs"
              >
                {t('create.form.depositsLink')}
              </Anchor>
            </Text>
          </Card>
          <Textarea
            label={t('fields.comments')}
            description={
              difference !== 0
                ? t('create.form.noteHint', { difference: isolated(formatMoney(difference)) })
                : undefined
            }
            required={difference !== 0}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            {...form.getInputProps('comments')}
            data-testid="weekly-comments-input"
          />
          <Card withBorder padding="sm" bg="var(--mantine-color-default-hover)">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{t('fields.differenceCents')}</Text>
              <Text fw={600} data-testid="weekly-difference-preview">
                <Money cents={difference} c={difference === 0 ? undefined : 'orange'} />
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {t('create.form.differenceHint', { cash: isolated(formatMoney(weekly.dailyCashCents)) })}
            </Text>
          </Card>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} data-testid="weekly-submit">
              {t('create.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming}
        title={t('create.confirm.title')}
        message={t(difference ? 'create.confirm.messageDifference' : 'create.confirm.message', {
          week: weekTitle(t, weekly.week),
          shop: weekly.shopName,
          deposits: isolated(formatMoney(weekly.depositsCents)),
          difference: isolated(formatMoney(difference)),
          cash: isolated(formatMoney(weekly.dailyCashCents)),
        })}
        confirmLabel={t('create.confirm.confirm')}
        loading={fill.isPending}
        error={fill.isError ? errorMessage(fill.error, t) : null}
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
