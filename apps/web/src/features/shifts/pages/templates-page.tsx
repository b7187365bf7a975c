// Management › employeesShift/template/list: the shift templates of the shop the user works in (spec §3 Shift
// template): each with its weekly hours, the hours its days plan, and the §5 warning when those fall short.
import type { ShiftTemplate } from '@bottega/contracts/shifts';
import { Badge, Button, Card, EmptyState, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconPencil,
  IconPlus,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatMinutes } from '../../../lib/format-duration';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { useAuthUser } from '../../auth/auth.api';
import { useDeleteShiftTemplate, useShiftTemplates } from '../shifts.api';

export default function TemplatesPage() {
  const { t } = useTranslation(['shifts', 'common', 'errors']);
  const user = useAuthUser().data;
  const can = new Set(user?.can ?? []);
  const shop = user?.shop ?? null;
  const templates = useShiftTemplates(shop?.id ?? null);
  const remove = useDeleteShiftTemplate();
  const [deleting, setDeleting] = useState<ShiftTemplate | null>(null);

  if (user && !shop) {
    return (
      <>
        <PageHeader title={t('templates.title')} />
        <EmptyState
          icon={<IconBuildingStore size={32} />}
          title={t('assign.noShop')}
          description={t('assign.noShopHint')}
        />
      </>
    );
  }

  const rows = templates.data ?? [];
  return (
    <>
      <PageHeader
        title={t('templates.title')}
        description={shop ? t('templates.description', { shop: shop.name }) : undefined}
        actions={
          can.has('shifts.templates.add') && (
            <Button
              component={Link}
              to="/app/employeesShift/template/create"
              leftSection={<IconPlus size={16} />}
              data-testid="template-new"
            >
              {t('templates.new')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        {templates.isPending || templates.isError ? (
          <QueryPlaceholder query={templates} loadingTestId="templates-loading" />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconTemplate size={32} />}
            title={t('templates.empty')}
            description={t('templates.emptyHint')}
            data-testid="templates-empty"
          />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="templates-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('templates.name')}</Table.Th>
                  <Table.Th ta="end">{t('templates.weeklyHours')}</Table.Th>
                  <Table.Th ta="end">{t('templates.plannedHours')}</Table.Th>
                  <Table.Th>{t('templates.days')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((template) => (
                  <Table.Tr key={template.id} data-testid={`template-${template.id}`}>
                    <Table.Td fw={600}>{template.name}</Table.Td>
                    <Table.Td ta="end">{formatMinutes(template.weeklyMinutes)}</Table.Td>
                    <Table.Td ta="end">
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {template.plannedMinutes < template.weeklyMinutes && (
                          <IconAlertTriangle
                            size={16}
                            color="var(--mantine-color-orange-6)"
                            aria-label={t('templates.below')}
                          />
                        )}
                        {formatMinutes(template.plannedMinutes)}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">
                        {t('templates.workingDays', { count: template.days.filter(Boolean).length })}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="end">
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {can.has('shifts.templates.edit') && (
                          <Button
                            size="xs"
                            variant="subtle"
                            component={Link}
                            to={`/app/employeesShift/template/${template.id}/edit`}
                            leftSection={<IconPencil size={14} />}
                            aria-label={t('templates.editOf', { name: template.name })}
                          >
                            {t('actions.edit')}
                          </Button>
                        )}
                        {can.has('shifts.templates.delete') && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            onClick={() => setDeleting(template)}
                            aria-label={t('templates.deleteOf', { name: template.name })}
                          >
                            {t('actions.delete')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {rows.length > 0 && (
          <Text size="sm" c="dimmed" p="md">
            {t('templates.count', { count: rows.length })}
          </Text>
        )}
      </Card>
      <ConfirmModal
        opened={deleting !== null}
        title={t('templates.deleteTitle')}
        message={t('templates.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        error={errorMessage(remove.error, t)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('templates.deleted', { name: deleting.name }) });
              setDeleting(null);
            },
          })
        }
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </>
  );
}
