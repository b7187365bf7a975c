// Management › employeesShift/template/create and template/{id}/edit: a template's name, the weekly hours an employee
// on it is held to, and its Monday-to-Sunday pattern. The §5 warning shows as soon as the days plan fewer hours.
import { type ShiftTemplate, shiftTemplateBodySchema, templatePlannedMinutes } from '@bottega/contracts/shifts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { formatMinutes } from '../../../lib/format-duration';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { type ShiftTemplateBody, useSaveShiftTemplate, useShiftTemplate } from '../shifts.api';

type Values = { name: string; weeklyHours: number; weeklyRestMinutes: number; days: ShiftTemplateBody['days'] };

const defaultDay = { start: '09:00', stop: '18:00', breakMinutes: 60 };
const emptyValues: Values = {
  name: '',
  weeklyHours: 40,
  weeklyRestMinutes: 0,
  days: [defaultDay, defaultDay, defaultDay, defaultDay, defaultDay, null, null],
};

function bodyOf(values: Values): ShiftTemplateBody {
  return {
    name: values.name,
    weeklyMinutes: (values.weeklyHours || 0) * 60 + (values.weeklyRestMinutes || 0),
    days: values.days,
  };
}

function valuesOf(template: ShiftTemplate): Values {
  return {
    name: template.name,
    weeklyHours: Math.floor(template.weeklyMinutes / 60),
    weeklyRestMinutes: template.weeklyMinutes % 60,
    days: template.days,
  };
}

/** Monday … Sunday in the reader's language (2024-01-01 was a Monday). */
function weekdayNames(lng: string): string[] {
  const format = new Intl.DateTimeFormat(lng, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}

export default function TemplateEditPage() {
  const { t, i18n } = useTranslation(['shifts', 'common', 'validation', 'errors']);
  const navigate = useNavigate();
  const user = useAuthUser().data;
  const can = new Set(user?.can ?? []);
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const template = useShiftTemplate(validId ? id : null);
  const shopId = template.data?.shopId ?? user?.shop?.id ?? 0;
  const save = useSaveShiftTemplate(shopId, id);
  const form = useForm<Values>({
    initialValues: emptyValues,
    validate: (values) => validateWith(shiftTemplateBodySchema, bodyOf(values), t),
  });
  const readOnly = id === null ? !can.has('shifts.templates.add') : !can.has('shifts.templates.edit');
  const loaded = template.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when another template arrives
  useEffect(() => {
    if (loaded) {
      form.setValues(valuesOf(loaded));
      form.resetDirty(valuesOf(loaded));
    }
  }, [loaded?.id, loaded?.updatedAt]);

  if (id !== null && (!validId || (template.error instanceof ApiError && template.error.status === 404))) {
    return <StatusPage status={404} />;
  }
  if (id !== null && !loaded) {
    return template.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(template.error, t)}
      </Alert>
    ) : (
      <Skeleton h={300} />
    );
  }

  const body = bodyOf(form.values);
  const planned = templatePlannedMinutes(body.days);
  const names = weekdayNames(i18n.language);
  const setDay = (index: number, day: Values['days'][number]) =>
    form.setFieldValue(
      'days',
      form.values.days.map((current, position) => (position === index ? day : current)),
    );

  const submit = form.onSubmit((values) =>
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('templates.saved', { name: saved.name }) });
        navigate('/app/employeesShift/template/list');
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const fields = firstFieldErrors(error.fieldErrors);
          if (fields.weeklyMinutes) fields.weeklyHours = fields.weeklyMinutes;
          form.setErrors(fields);
        }
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={id === null ? t('templates.createTitle') : t('templates.editTitle', { name: loaded?.name ?? '' })}
        description={t('templates.formDescription')}
        actions={
          <>
            <Button variant="default" component={Link} to="/app/employeesShift/template/list">
              {t('templates.backToList')}
            </Button>
            {!readOnly && (
              <Button
                type="submit"
                loading={save.isPending}
                leftSection={<IconDeviceFloppy size={16} />}
                data-testid="template-save"
              >
                {t('actions.save')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md" maw={860}>
        {save.error && !(save.error instanceof ApiError && save.error.code === 'validation') && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <TextInput
              label={t('templates.name')}
              required
              maxLength={100}
              readOnly={readOnly}
              {...form.getInputProps('name')}
              data-testid="template-name"
            />
            <Group grow align="flex-start">
              <NumberInput
                label={t('templates.weeklyHours')}
                description={t('templates.weeklyHoursHint')}
                min={0}
                max={112}
                allowDecimal={false}
                readOnly={readOnly}
                {...form.getInputProps('weeklyHours')}
                data-testid="template-weekly-hours"
              />
              <NumberInput
                label={t('templates.weeklyMinutes')}
                min={0}
                max={59}
                step={15}
                allowDecimal={false}
                readOnly={readOnly}
                {...form.getInputProps('weeklyRestMinutes')}
              />
            </Group>
          </Stack>
        </Card>
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" data-testid="template-days">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('templates.day')}</Table.Th>
                  <Table.Th>{t('templates.works')}</Table.Th>
                  <Table.Th>{t('cell.start')}</Table.Th>
                  <Table.Th>{t('cell.stop')}</Table.Th>
                  <Table.Th>{t('templates.breakMinutes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.values.days.map((day, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the seven weekdays never move
                  <Table.Tr key={index} data-testid={`template-day-${index + 1}`}>
                    <Table.Td tt="capitalize" fw={500}>
                      {names[index]}
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        checked={day !== null}
                        disabled={readOnly}
                        onChange={(event) => setDay(index, event.currentTarget.checked ? defaultDay : null)}
                        aria-label={t('templates.worksOn', { day: names[index] })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TimeInput
                        value={day?.start ?? ''}
                        disabled={!day || readOnly}
                        onChange={(event) => day && setDay(index, { ...day, start: event.currentTarget.value })}
                        aria-label={`${names[index]} ${t('cell.start')}`}
                        error={form.errors[`days.${index}.start`]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TimeInput
                        value={day?.stop ?? ''}
                        disabled={!day || readOnly}
                        onChange={(event) => day && setDay(index, { ...day, stop: event.currentTarget.value })}
                        aria-label={`${names[index]} ${t('cell.stop')}`}
                        error={form.errors[`days.${index}.stop`]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        value={day?.breakMinutes ?? 0}
                        disabled={!day || readOnly}
                        min={0}
                        max={480}
                        step={15}
                        allowDecimal={false}
                        onChange={(value) => day && setDay(index, { ...day, breakMinutes: Number(value) || 0 })}
                        aria-label={`${names[index]} ${t('templates.breakMinutes')}`}
                        w={110}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group p="md" justify="space-between">
            <Text size="sm" data-testid="template-planned">
              {t('templates.plannedOf', { planned: formatMinutes(planned), weekly: formatMinutes(body.weeklyMinutes) })}
            </Text>
          </Group>
        </Card>
        {planned < body.weeklyMinutes && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="template-below">
            {t('templates.belowWarning', { missing: formatMinutes(body.weeklyMinutes - planned) })}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
