// "Esporta scontrini": a range of days, then the person's latest exports of the shop, each with its live progress
// and, once done, its file to download. The list comes from the server, so a reload shows the same exports.
import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import { salesExportMaxDays } from '@bottega/contracts/sales';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconFileExport, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { JobProgress } from '../../../ui/job-progress';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { initialExportRange, type ReceiptsExportFormValues, validateExportRange } from '../receipts-export-form';
import { useRequestSalesExport, useSalesExports } from '../sales.api';
import { FeedCard } from './feed-card';

/** Mirrors the server's sales.jobs.ts salesExportKeepDays: how long a file stays to download. */
const keepDays = 7;

export function ReceiptsExportCard({ shopId, userId }: { shopId: number; userId: number | undefined }) {
  const { t } = useTranslation(['sales', 'validation', 'errors', 'common']);
  const exports = useSalesExports(shopId);
  const request = useRequestSalesExport(shopId);
  const today = businessDate();
  const form = useForm<ReceiptsExportFormValues>({
    initialValues: initialExportRange(today),
    validate: (values) => validateExportRange(values, businessDate(), t),
  });
  const submit = form.onSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => notifications.show({ color: 'green', message: t('export.requested') }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'validation') {
          form.setErrors(firstFieldErrors(error.fieldErrors));
          return;
        }
        notifications.show({ color: 'red', message: errorMessage(error, t) });
      },
    }),
  );
  const items = exports.data ?? [];

  return (
    <FeedCard
      title={t('export.title')}
      description={t('export.description', { max: salesExportMaxDays, days: keepDays })}
      icon={<IconFileSpreadsheet size={22} />}
      query={exports}
      t={t}
      testId="sales-exports"
    >
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {(['from', 'to'] as const).map((name) => (
            <DateInput
              key={name}
              label={t(`export.${name}`)}
              required
              valueFormat="DD/MM/YYYY"
              placeholder={t('export.datePlaceholder')}
              dateParser={parseTypedDate}
              // Arabic with Latin digits, as every date in the app is written.
              locale={calendarLocale()}
              firstDayOfWeek={1}
              maxDate={today}
              minDate={name === 'to' ? form.values.from || undefined : undefined}
              {...form.getInputProps(name)}
              value={form.values[name] || null}
              onChange={(value) => form.setFieldValue(name, value ?? '')}
              data-testid={`sales-export-${name}`}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button
            type="submit"
            loading={request.isPending}
            leftSection={<IconFileExport size={16} />}
            data-testid="sales-export-submit"
          >
            {t('export.submit')}
          </Button>
        </Group>
      </form>
      <Title order={3} size="h6" mt="lg" mb="xs">
        {t('export.recent')}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="sales-exports-empty">
          {t('export.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((item) => {
            const range = { from: formatDate(item.from), to: formatDate(item.to) };
            return (
              <Paper key={item.id} withBorder p="sm" radius="md" data-testid={`sales-export-${item.id}`}>
                <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
                  <Text size="sm" fw={500}>
                    {t('export.range', range)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('export.requestedAt', { date: formatDateTime(item.createdAt) })}
                  </Text>
                </Group>
                <JobProgress
                  job={item}
                  userId={userId}
                  label={t('export.progressOf', range)}
                  extra={(job) =>
                    typeof job.result?.rows === 'number' && (
                      <Text size="xs" c="dimmed">
                        {t('export.rows', { count: job.result.rows })}
                      </Text>
                    )
                  }
                />
              </Paper>
            );
          })}
        </Stack>
      )}
    </FeedCard>
  );
}
