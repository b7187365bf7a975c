// Marketing › club settings (§8–§9): the loyalty levels — a name, the points of the 12-month window from which it is
// reached, its discount (up to 15 %) — from 1 to 10 of them, the first from 0 points; and the switch that suspends
// registration, showing customers the maintenance message (asked for confirmation before it is saved on).
import { maxDiscountPercent, maxLoyaltyLevels } from '@bottega/contracts/customers';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { useAuthUser } from '../../auth/auth.api';
import {
  type ClubSettingsValues,
  levelsInOrder,
  mayAddLevel,
  newLevelRow,
  settingsBodyOf,
  settingsErrors,
  settingsValuesOf,
} from '../club-settings-form';
import { useClubSettings, useSaveClubSettings } from '../customers.api';

export default function ClubSettingsPage() {
  const { t } = useTranslation(['customers', 'errors', 'validation']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const editable = can.has('customers.create');
  const settings = useClubSettings();
  const save = useSaveClubSettings();
  const form = useForm<ClubSettingsValues>({ initialValues: { levels: [], registrationSuspended: false } });
  const [confirming, setConfirming] = useState(false);
  const nextKey = useRef(0);
  const loaded = settings.data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the settings when another version of them arrives
  useEffect(() => {
    if (loaded) {
      form.setValues(settingsValuesOf(loaded));
      form.resetDirty(settingsValuesOf(loaded));
    }
  }, [loaded]);

  if (!loaded) {
    return (
      <>
        <PageHeader title={t('settings.title')} description={t('settings.description')} />
        {settings.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(settings.error, t)}
          </Alert>
        ) : (
          <Skeleton h={360} />
        )}
      </>
    );
  }

  const send = () => {
    save.mutate(settingsBodyOf(form.getValues()), {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: t('settings.saved') });
      },
      onError: (error) => {
        setConfirming(false);
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Rows need no ordering by hand: they are checked, and saved, in order of threshold.
    const ordered = { ...form.getValues(), levels: levelsInOrder(form.getValues().levels) };
    form.setValues(ordered);
    const errors = settingsErrors(settingsBodyOf(ordered), t);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (ordered.registrationSuspended && !loaded.registrationSuspended) setConfirming(true);
    else send();
  };

  const levels = form.values.levels;
  const addLevel = () => {
    nextKey.current += 1;
    form.insertListItem('levels', newLevelRow(levels, `new-${nextKey.current}`));
  };
  const listError = form.errors.levels;
  const fieldRefusal = save.error instanceof ApiError && Object.keys(save.error.fieldErrors).length > 0;

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={form.isDirty()} />
      <PageHeader
        title={t('settings.title')}
        description={t('settings.description')}
        actions={
          editable && (
            <Button
              type="submit"
              loading={save.isPending && !confirming}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="club-settings-save"
            >
              {t('settings.save')}
            </Button>
          )
        }
      />
      {save.error && !fieldRefusal && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
            <Title order={2} size="h4">
              {t('settings.levels')}
            </Title>
            <Badge variant="light" color="gray">
              {t('settings.levelCount', { count: levels.length, max: maxLoyaltyLevels })}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mb="md">
            {t('settings.levelsHint', { max: maxDiscountPercent })}
          </Text>
          <Stack gap="md" data-testid="club-levels">
            {levels.map((level, index) => {
              const rowName = level.name.trim() || t('settings.levelNumber', { number: index + 1 });
              return (
                <Paper key={level.key} withBorder p="sm" data-testid={`club-level-${index}`}>
                  <Grid gap="sm" align="flex-start">
                    <Grid.Col span={{ base: 12, sm: 5 }}>
                      <TextInput
                        label={t('settings.fields.name')}
                        required
                        maxLength={40}
                        disabled={!editable}
                        {...form.getInputProps(`levels.${index}.name`)}
                        data-testid={`club-level-${index}-name`}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 6, sm: 3 }}>
                      <NumberInput
                        label={t('settings.fields.minPoints')}
                        required
                        min={0}
                        max={1_000_000}
                        step={10}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="none"
                        thousandSeparator="."
                        decimalSeparator=","
                        disabled={!editable}
                        {...form.getInputProps(`levels.${index}.minPoints`)}
                        data-testid={`club-level-${index}-minPoints`}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 6, sm: 3 }}>
                      <NumberInput
                        label={t('settings.fields.discountPercent')}
                        required
                        min={0}
                        max={maxDiscountPercent}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="none"
                        suffix=" %"
                        disabled={!editable}
                        {...form.getInputProps(`levels.${index}.discountPercent`)}
                        data-testid={`club-level-${index}-discountPercent`}
                      />
                    </Grid.Col>
                    {editable && (
                      <Grid.Col span={{ base: 12, sm: 1 }} pt={{ base: 0, sm: 'xl' }}>
                        <Group justify="flex-end" mt={{ base: 0, sm: 6 }}>
                          <Tooltip label={t('settings.removeLevel')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              disabled={levels.length <= 1}
                              aria-label={`${t('settings.removeLevel')}: ${rowName}`}
                              onClick={() => form.removeListItem('levels', index)}
                              data-testid={`club-level-${index}-remove`}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Grid.Col>
                    )}
                  </Grid>
                </Paper>
              );
            })}
          </Stack>
          {typeof listError === 'string' && (
            <Text c="red" size="sm" mt="sm" role="alert">
              {listError}
            </Text>
          )}
          {editable && (
            <Button
              mt="md"
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={addLevel}
              disabled={!mayAddLevel(levels)}
              data-testid="club-level-add"
            >
              {t('settings.addLevel')}
            </Button>
          )}
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="md">
            {t('settings.registration')}
          </Title>
          {loaded.registrationSuspended && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} mb="md" data-testid="club-suspended">
              {t('settings.suspendedNow')}
            </Alert>
          )}
          <Switch
            label={t('settings.registrationSuspended')}
            description={t('settings.registrationSuspendedHint')}
            disabled={!editable}
            {...form.getInputProps('registrationSuspended', { type: 'checkbox' })}
            data-testid="club-registration-suspended"
          />
        </Card>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('settings.suspendTitle')}
        message={t('settings.suspendMessage')}
        confirmLabel={t('settings.suspendConfirm')}
        loading={save.isPending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
