// OK ↔ EX (spec §4 Employee type): a former employee keeps signing in for their own payslips and tax
// certificates only; a re-hire gives back the groups and shops they had, or others chosen here.
import type { Employee, EmployeeOptions } from '@bottega/contracts/employees';
import { Alert, Button, Card, Group, Modal, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { useChangeEmployeeType } from '../employees.api';
import { EmployeeTypeBadge } from './employee-type-badge';

function RehireModal(props: {
  employee: Employee;
  options: EmployeeOptions;
  opened: boolean;
  onClose: () => void;
  onDone: (employee: Employee) => void;
}) {
  const { t } = useTranslation(['employees', 'validation']);
  const change = useChangeEmployeeType(props.employee.id);
  const rehire = props.employee.rehire;
  const [groupIds, setGroupIds] = useState<string[]>(() => (rehire?.groups ?? []).map((group) => String(group.id)));
  const [shopId, setShopId] = useState<string | null>(() => {
    const main = rehire?.shops.find((shop) => shop.isMain);
    return main ? String(main.id) : null;
  });
  const [shopIds, setShopIds] = useState<string[]>(() =>
    (rehire?.shops ?? []).filter((shop) => !shop.isMain).map((shop) => String(shop.id)),
  );
  const [missingGroup, setMissingGroup] = useState(false);
  const fieldErrors = change.error instanceof ApiError ? change.error.fieldErrors : {};
  const remembered = new Set((rehire?.groups ?? []).map((group) => group.id));
  const groupData = props.options.groups
    .filter((group) => !group.isExEmployee)
    .map((group) => ({
      value: String(group.id),
      label: group.name,
      disabled: !group.grantable && !remembered.has(group.id),
    }));
  const shopData = props.options.shops.map((shop) => ({ value: String(shop.id), label: shop.name }));

  const submit = () => {
    if (groupIds.length === 0) {
      setMissingGroup(true);
      return;
    }
    change.mutate(
      {
        employeeType: 'OK',
        groupIds: groupIds.map(Number),
        shopId: shopId === null ? null : Number(shopId),
        shopIds: shopIds.filter((id) => id !== shopId).map(Number),
      },
      { onSuccess: props.onDone },
    );
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('type.rehireTitle')} centered size="lg">
      <Stack gap="sm">
        <Text size="sm">
          {rehire && rehire.groups.length > 0 ? t('type.rehireRemembered') : t('type.rehireChoose')}
        </Text>
        {change.error && !(change.error instanceof ApiError && change.error.code === 'validation') && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(change.error, t)}
          </Alert>
        )}
        <MultiSelect
          label={t('fields.groupIds')}
          description={t('groupsHint')}
          data={groupData}
          value={groupIds}
          onChange={(value) => {
            setGroupIds(value);
            setMissingGroup(false);
          }}
          required
          searchable
          error={missingGroup ? t('validation:required') : fieldErrors.groupIds?.[0]}
          data-testid="rehire-groups"
        />
        <Select
          label={t('fields.shopId')}
          data={shopData}
          value={shopId}
          onChange={(value) => {
            setShopId(value);
            setShopIds((current) => current.filter((id) => id !== value));
          }}
          clearable
          searchable
          error={fieldErrors.shopId?.[0]}
          data-testid="rehire-shop"
        />
        <MultiSelect
          label={t('fields.shopIds')}
          data={shopData.filter((shop) => shop.value !== shopId)}
          value={shopIds}
          onChange={setShopIds}
          searchable
          error={fieldErrors.shopIds?.[0]}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button
            color="teal"
            leftSection={<IconUserCheck size={16} />}
            loading={change.isPending}
            onClick={submit}
            data-testid="confirm-rehire"
          >
            {t('type.rehire')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function EmployeeTypeCard(props: {
  employee: Employee;
  options: EmployeeOptions;
  canEdit: boolean;
  onChanged: (employee: Employee) => void;
}) {
  const { t } = useTranslation('employees');
  const { employee } = props;
  const change = useChangeEmployeeType(employee.id);
  const [confirming, setConfirming] = useState(false);
  const [rehiring, setRehiring] = useState(false);
  const fullName = `${employee.name} ${employee.surname}`;

  return (
    <Card withBorder padding="lg" data-testid="employee-type-card">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs">
            <Title order={2} size="h4">
              {t('type.title')}
            </Title>
            <EmployeeTypeBadge type={employee.employeeType} size="md" />
          </Group>
          <Text size="sm" c="dimmed">
            {employee.employeeType === 'OK' ? t('type.okHint') : t('type.exHint')}
          </Text>
        </Stack>
        {props.canEdit &&
          (employee.employeeType === 'OK' ? (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconUserOff size={16} />}
              onClick={() => {
                change.reset();
                setConfirming(true);
              }}
            >
              {t('type.makeEx')}
            </Button>
          ) : (
            <Button
              variant="light"
              color="teal"
              leftSection={<IconUserCheck size={16} />}
              onClick={() => setRehiring(true)}
            >
              {t('type.rehire')}
            </Button>
          ))}
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('type.makeExTitle')}
        message={t('type.makeExMessage', { name: fullName })}
        confirmLabel={t('type.makeEx')}
        loading={change.isPending}
        error={errorMessage(change.error, t)}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          change.mutate(
            { employeeType: 'EX' },
            {
              onSuccess: (saved) => {
                setConfirming(false);
                notifications.show({ color: 'green', message: t('type.madeEx', { name: fullName }) });
                props.onChanged(saved);
              },
            },
          )
        }
      />
      {rehiring && (
        <RehireModal
          employee={employee}
          options={props.options}
          opened
          onClose={() => setRehiring(false)}
          onDone={(saved) => {
            setRehiring(false);
            notifications.show({ color: 'green', message: t('type.rehired', { name: fullName }) });
            props.onChanged(saved);
          }}
        />
      )}
    </Card>
  );
}
