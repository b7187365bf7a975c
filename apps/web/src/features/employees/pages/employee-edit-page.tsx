// Management › employees/create and employees/{id}/edit: personal data, work (account, shops, groups,
// type), bank data, documents and history, the set-password link and the two-factor reset (spec §8).
// Nobody types a colleague's password: a new employee is mailed an invitation to choose theirs, and a
// new email stays pending until its owner confirms it from that address. Checked with the
// server's own schemas before sending; a refused save keeps what was typed and opens the tab of the
// first field in error.
import { businessDate } from '@bottega/contracts/dates';
import {
  type Employee,
  type EmployeeOptions,
  employeeCreateBodySchema,
  employeeUpdateBodySchema,
} from '@bottega/contracts/employees';
import {
  Alert,
  Button,
  type ButtonProps,
  Card,
  Group,
  Indicator,
  MultiSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBriefcase,
  IconBuildingBank,
  IconDeviceFloppy,
  IconFiles,
  IconHistory,
  IconInfoCircle,
  IconMailForward,
  IconShieldOff,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, identifiersCheckedOnBlur, validateWith } from '../../../lib/form-validation';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { EmployeeDocuments } from '../components/employee-documents';
import { EmployeeHistory } from '../components/employee-history';
import { EmployeeTypeBadge } from '../components/employee-type-badge';
import { EmployeeTypeCard } from '../components/employee-type-card';
import {
  bodyOf,
  type EmployeeFormValues,
  type EmployeeTab,
  employeeTabs,
  emptyValues,
  tabOfField,
  valuesOf,
} from '../employee-form';
import {
  useDeleteEmployee,
  useEmployee,
  useEmployeeOptions,
  useResetEmployeeMfa,
  useSaveEmployee,
  useSendPasswordLink,
} from '../employees.api';

type Form = UseFormReturnType<EmployeeFormValues>;

/** dayjs locales for the calendar; Arabic with Latin digits, as every date in the app is written. */

/** Codes and numbers read left to right in every language. */
const leftToRight = new Set(['email', 'phone', 'fiscalCode', 'cap', 'iban', 'bic', 'matricola', 'username']);

function TextField(props: {
  form: Form;
  field: keyof EmployeeFormValues;
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  type?: 'email' | 'tel';
  description?: string;
}) {
  const { t } = useTranslation('employees');
  return (
    <TextInput
      label={t(`fields.${props.field}`)}
      description={props.description}
      required={props.required}
      maxLength={props.maxLength}
      autoComplete={props.autoComplete ?? 'off'}
      type={props.type}
      dir={leftToRight.has(props.field) ? 'ltr' : undefined}
      {...props.form.getInputProps(props.field)}
      data-testid={`field-${props.field}`}
    />
  );
}

function DateField(props: { form: Form; field: 'birthday' | 'engagementDate' }) {
  const { t } = useTranslation('employees');
  const inputProps = props.form.getInputProps(props.field);
  return (
    <DateInput
      label={t(`fields.${props.field}`)}
      valueFormat="DD/MM/YYYY"
      placeholder={t('datePlaceholder')}
      dateParser={parseTypedDate}
      locale={calendarLocale()}
      firstDayOfWeek={1}
      defaultLevel={props.field === 'birthday' ? 'decade' : 'month'}
      maxDate={props.field === 'birthday' ? businessDate() : undefined}
      minDate="1900-01-01"
      clearable
      {...inputProps}
      value={(inputProps.value as string) || null}
      onChange={(value) => props.form.setFieldValue(props.field, value ?? '')}
      data-testid={`field-${props.field}`}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The shops and groups of an active employee; for a former employee, why there are none. */
function Memberships(props: { form: Form; employee: Employee | null; options: EmployeeOptions }) {
  const { t } = useTranslation('employees');
  const { form, employee, options } = props;
  if (employee?.employeeType === 'EX') {
    return (
      <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="ex-memberships">
        {t('exMemberships')}
      </Alert>
    );
  }
  const inScope = new Set(options.shops.map((shop) => String(shop.id)));
  const beyondReach = (employee?.shops ?? []).filter((shop) => !inScope.has(String(shop.id)));
  const shopData = options.shops.map((shop) => ({ value: String(shop.id), label: shop.name }));
  const held = new Set(employee?.groups.map((group) => String(group.id)));
  const groupData = options.groups
    .filter((group) => !group.isExEmployee)
    .map((group) => ({
      value: String(group.id),
      label: group.name,
      disabled: !group.grantable && !held.has(String(group.id)),
    }));
  const role = options.groups.find((group) => String(group.id) === form.values.groupIds[0]);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('fields.shopId')}
          description={t('shopHint')}
          data={shopData}
          searchable
          clearable
          {...form.getInputProps('shopId')}
          onChange={(value) => {
            form.setFieldValue('shopId', value);
            form.setFieldValue(
              'shopIds',
              form.values.shopIds.filter((id) => id !== value),
            );
          }}
          data-testid="field-shopId"
        />
        <MultiSelect
          label={t('fields.shopIds')}
          description={t('shopsHint')}
          data={shopData.filter((shop) => shop.value !== form.values.shopId)}
          searchable
          {...form.getInputProps('shopIds')}
          data-testid="field-shopIds"
        />
      </SimpleGrid>
      {beyondReach.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('beyondReach')}: <bdi>{beyondReach.map((shop) => shop.name).join(', ')}</bdi>
        </Text>
      )}
      <MultiSelect
        label={t('fields.groupIds')}
        description={t('groupsHint')}
        data={groupData}
        required
        searchable
        {...form.getInputProps('groupIds')}
        data-testid="field-groupIds"
      />
      {role && (
        <Text size="sm" data-testid="employee-role">
          {t('role')}: <bdi>{role.name}</bdi>
          {role.isAdmin && (
            <Text span c="grape" fw={600}>
              {' '}
              · {t('adminRole')}
            </Text>
          )}
        </Text>
      )}
    </Stack>
  );
}

function TabLabel(props: { label: string; hasError: boolean }) {
  return (
    <Indicator color="red" size={8} offset={-4} disabled={!props.hasError} position="top-end">
      <span>{props.label}</span>
    </Indicator>
  );
}

/** An action on the employee that asks first, then says whether it worked. */
function ConfirmedActionButton(props: {
  button: { label: string; icon: ReactNode; testId: string } & Pick<ButtonProps, 'variant' | 'color' | 'size'>;
  confirm: { title: string; message: string; label: string };
  done: string;
  failed: string;
  action: UseMutationResult<unknown, Error, void>;
}) {
  const { t } = useTranslation('errors');
  const { button, confirm, action } = props;
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant={button.variant}
        color={button.color}
        size={button.size}
        leftSection={button.icon}
        onClick={() => setAsking(true)}
        data-testid={button.testId}
      >
        {button.label}
      </Button>
      <ConfirmModal
        opened={asking}
        title={confirm.title}
        message={confirm.message}
        confirmLabel={confirm.label}
        loading={action.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          action.mutate(undefined, {
            onSuccess: () => notifications.show({ color: 'green', message: props.done }),
            onError: (error) =>
              notifications.show({ color: 'red', title: props.failed, message: errorMessage(error, t) }),
            onSettled: () => setAsking(false),
          })
        }
      />
    </>
  );
}

/** Spec §8 MFA reset. */
function ResetMfaButton({ employee }: { employee: Employee }) {
  const { t } = useTranslation('employees');
  const name = `${employee.name} ${employee.surname}`;
  return (
    <ConfirmedActionButton
      button={{
        label: t('mfaReset.button'),
        icon: <IconShieldOff size={16} />,
        testId: 'reset-mfa',
        variant: 'light',
        color: 'orange',
      }}
      confirm={{ title: t('mfaReset.title'), message: t('mfaReset.message', { name }), label: t('mfaReset.confirm') }}
      done={t('mfaReset.done', { name })}
      failed={t('mfaReset.failed')}
      action={useResetEmployeeMfa(employee.id)}
    />
  );
}

/** Mails the employee a set-password link; refused (403) for someone holding abilities the editor lacks. */
function SendPasswordLinkButton({ employee }: { employee: Employee }) {
  const { t } = useTranslation('employees');
  const name = `${employee.name} ${employee.surname}`;
  return (
    <ConfirmedActionButton
      button={{
        label: t('passwordLink.button'),
        icon: <IconMailForward size={14} />,
        testId: 'send-password-link',
        variant: 'subtle',
        size: 'compact-sm',
      }}
      confirm={{
        title: t('passwordLink.title'),
        message: t('passwordLink.message', { name, email: employee.email }),
        label: t('passwordLink.confirm'),
      }}
      done={t('passwordLink.done', { email: employee.email })}
      failed={t('passwordLink.failed')}
      action={useSendPasswordLink(employee.id)}
    />
  );
}

function EmployeeEditor({ employee, options }: { employee: Employee | null; options: EmployeeOptions }) {
  const { t } = useTranslation(['employees', 'validation', 'errors']);
  const navigate = useNavigate();
  const me = useAuthUser().data;
  const can = new Set(me?.can ?? []);
  const creating = employee === null;
  const editable = creating ? can.has('employees.manage.add') : can.has('employees.manage.edit');
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab') as EmployeeTab | null;
  const tab: EmployeeTab = requestedTab && employeeTabs.includes(requestedTab) ? requestedTab : 'personal';
  const setTab = (next: string | null) =>
    setSearchParams(
      (params) => {
        params.set('tab', next ?? 'personal');
        return params;
      },
      { replace: true },
    );
  const save = useSaveEmployee(employee?.id ?? null);
  const remove = useDeleteEmployee();
  const [deleting, setDeleting] = useState(false);
  const form = useForm<EmployeeFormValues>({
    initialValues: employee ? valuesOf(employee) : emptyValues(),
    ...identifiersCheckedOnBlur(errorsOnSave),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a newer record arrives (after a save; a new email changes only the pending one)
  useEffect(() => {
    if (employee) {
      const values = valuesOf(employee);
      form.setValues(values);
      form.resetDirty(values);
    }
  }, [employee?.id, employee?.updatedAt, employee?.employeeType, employee?.pendingEmail]);

  const withMemberships = employee?.employeeType !== 'EX';
  const showErrors = (errors: Record<string, string>) => {
    form.setErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) setTab(tabOfField(first));
  };

  function errorsOnSave(values: EmployeeFormValues): Record<string, string> {
    const body = bodyOf(values, { creating, withMemberships });
    const errors = validateWith(creating ? employeeCreateBodySchema : employeeUpdateBodySchema, body, t);
    if (withMemberships && values.groupIds.length === 0) errors.groupIds ??= t('validation:required');
    return errors;
  }

  const submit = form.onSubmit((values) => {
    const body = bodyOf(values, { creating, withMemberships });
    const errors = errorsOnSave(values);
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      return;
    }
    form.clearErrors();
    save.mutate(body, {
      onSuccess: (saved) => {
        const name = `${saved.name} ${saved.surname}`;
        if (creating) {
          notifications.show({ color: 'green', message: t('created', { name, email: saved.email }) });
          navigate(`/app/employees/${saved.id}/edit?tab=documents`, { replace: true });
        } else {
          notifications.show({ color: 'green', message: t('saved', { name }) });
        }
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'validation') showErrors(firstFieldErrors(error.fieldErrors));
      },
    });
  });

  const tabHasError = (name: EmployeeTab) => Object.keys(form.errors).some((field) => tabOfField(field) === name);
  const fullName = employee ? `${employee.name} ${employee.surname}` : '';
  const canDelete = !creating && can.has('employees.manage.delete') && employee?.id !== me?.id;
  const afterTypeChange = (saved: Employee) => {
    // Without "view all", a former employee (who belongs to no shop) is out of sight.
    if (saved.employeeType === 'EX' && !can.has('shops.manage.viewAllList')) navigate('/app/employees/list');
  };

  const fields = (
    <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Tabs.Panel value="personal">
        <Stack gap="md">
          <Section title={t('sections.identity')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField form={form} field="name" required maxLength={100} autoComplete="given-name" />
              <TextField form={form} field="surname" required maxLength={100} autoComplete="family-name" />
              <TextField form={form} field="fiscalCode" maxLength={24} description={t('fiscalCodeHint')} />
              <DateField form={form} field="birthday" />
              <TextField form={form} field="identityCardNumber" maxLength={30} />
            </SimpleGrid>
          </Section>
          <Section title={t('sections.contacts')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                form={form}
                field="email"
                required
                type="email"
                maxLength={254}
                description={
                  employee?.pendingEmail
                    ? t('pendingEmail', { email: employee.pendingEmail })
                    : t(creating ? 'emailInvitationHint' : 'emailChangeHint')
                }
              />
              <TextField form={form} field="phone" type="tel" maxLength={30} />
              <TextField form={form} field="address" maxLength={200} />
              <TextField form={form} field="city" maxLength={100} />
              <TextField form={form} field="cap" maxLength={5} />
            </SimpleGrid>
          </Section>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="work">
        <Stack gap="md">
          <Section title={t('sections.account')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField form={form} field="username" required maxLength={64} description={t('usernameHint')} />
              <TextField form={form} field="matricola" maxLength={30} />
            </SimpleGrid>
            {employee && editable && (
              <Group mt="sm">
                <SendPasswordLinkButton employee={employee} />
              </Group>
            )}
          </Section>
          <Section title={t('sections.work')}>
            <Stack gap="md">
              <Memberships form={form} employee={employee} options={options} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateField form={form} field="engagementDate" />
                <TextField form={form} field="depositCardNumber" maxLength={50} />
              </SimpleGrid>
              <Switch
                label={t('fields.useFingerprint')}
                description={t('fingerprintHint')}
                {...form.getInputProps('useFingerprint', { type: 'checkbox' })}
                data-testid="field-useFingerprint"
              />
            </Stack>
          </Section>
          {employee && (
            <EmployeeTypeCard
              employee={employee}
              options={options}
              canEdit={can.has('employees.manage.edit')}
              onChanged={afterTypeChange}
            />
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="bank">
        <Section title={t('sections.bank')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField form={form} field="iban" maxLength={42} description={t('ibanHint')} />
            <TextField form={form} field="bic" maxLength={11} />
            <TextField form={form} field="bankName" maxLength={100} />
          </SimpleGrid>
        </Section>
      </Tabs.Panel>
    </fieldset>
  );

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={creating ? t('createTitle') : fullName}
        description={creating ? t('createDescription') : t('editDescription')}
        actions={
          <>
            {employee && <EmployeeTypeBadge type={employee.employeeType} size="lg" />}
            {can.has('employees.manage.list') && (
              <Button variant="default" component={Link} to="/app/employees/list">
                {t('backToList')}
              </Button>
            )}
            {employee?.mfaEnabled && can.has('security.canResetMfa') && <ResetMfaButton employee={employee} />}
            {canDelete && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              >
                {t('delete')}
              </Button>
            )}
            {editable && (
              <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
                {t('save')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md">
        {!editable && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {t('readOnly')}
          </Alert>
        )}
        {save.error && !(save.error instanceof ApiError && save.error.code === 'validation') && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="save-error">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        {Object.keys(form.errors).length > 0 && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-errors">
            {t('errors:validation')}
          </Alert>
        )}
        <Tabs value={tab} onChange={setTab} keepMounted={false} variant="outline">
          <Tabs.List mb="md">
            <Tabs.Tab value="personal" leftSection={<IconUser size={16} />}>
              <TabLabel label={t('tabs.personal')} hasError={tabHasError('personal')} />
            </Tabs.Tab>
            <Tabs.Tab value="work" leftSection={<IconBriefcase size={16} />}>
              <TabLabel label={t('tabs.work')} hasError={tabHasError('work')} />
            </Tabs.Tab>
            <Tabs.Tab value="bank" leftSection={<IconBuildingBank size={16} />}>
              <TabLabel label={t('tabs.bank')} hasError={tabHasError('bank')} />
            </Tabs.Tab>
            <Tabs.Tab value="documents" leftSection={<IconFiles size={16} />}>
              {t('tabs.documents')}
            </Tabs.Tab>
            {employee && (
              <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
                {t('tabs.history')}
              </Tabs.Tab>
            )}
          </Tabs.List>
          {fields}
          <Tabs.Panel value="documents">
            {employee ? (
              <EmployeeDocuments
                employeeId={employee.id}
                canEdit={can.has('employees.manage.edit')}
                canManage={can.has('employees.manage.uploadManagementDocument')}
              />
            ) : (
              <Alert color="blue" icon={<IconInfoCircle size={18} />}>
                {t('documentsAfterCreate')}
              </Alert>
            )}
          </Tabs.Panel>
          {employee && (
            <Tabs.Panel value="history">
              <EmployeeHistory employeeId={employee.id} />
            </Tabs.Panel>
          )}
        </Tabs>
        {editable && tab !== 'documents' && tab !== 'history' && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={deleting}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: fullName })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        error={errorMessage(remove.error, t)}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          employee &&
          remove.mutate(employee.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('deleted', { name: fullName }) });
              navigate('/app/employees/list');
            },
          })
        }
      />
    </form>
  );
}

export default function EmployeeEditPage() {
  const { t } = useTranslation('employees');
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const employee = useEmployee(valid ? id : null);
  const options = useEmployeeOptions();

  if (!valid || (employee.error instanceof ApiError && employee.error.status === 404)) {
    return <StatusPage status={404} />;
  }
  const failure = employee.error ?? options.error;
  if (failure) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(failure, t)}
      </Alert>
    );
  }
  if (!options.data || (id !== null && !employee.data)) {
    return (
      <Stack gap="md" data-testid="employee-loading">
        <Skeleton h={36} w={320} />
        <Skeleton h={36} />
        <Skeleton h={320} />
      </Stack>
    );
  }
  return <EmployeeEditor key={id ?? 'new'} employee={employee.data ?? null} options={options.data} />;
}
