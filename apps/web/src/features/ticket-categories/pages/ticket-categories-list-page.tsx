// Management › ticketCategory/list: the category tree, each parent followed by its categories, with who handles
// them; a category is dragged (or moved with the keyboard) among its parent's categories and the order saved at once.
import type { TicketCategory } from '@bottega/contracts/tickets';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Button, Card, EmptyState, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory2, IconGripVertical, IconPlus } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useAuthUser } from '../../auth/auth.api';
import { childrenOf, inheritedAssignment, siblingOrderAfterDrop, subtreeIds } from '../category-tree';
import { CategoryRow, type DropEdge } from '../components/category-row';
import { useDeleteTicketCategory, useReorderTicketCategories, useTicketCategories } from '../ticket-categories.api';

const createPath = '/app/ticketCategory/create';

export default function TicketCategoriesListPage() {
  const { t } = useTranslation(['ticket-categories', 'common']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const rowCan = {
    reorder: can.has('tickets.manage.categories.edit'),
    edit: can.has('tickets.manage.categories.edit'),
    assign: can.has('tickets.manage.categories.assign'),
    delete: can.has('tickets.manage.categories.delete'),
  };
  const tree = useTicketCategories();
  const reorder = useReorderTicketCategories();
  const deletion = useDeleteConfirmation(useDeleteTicketCategory(), (category: TicketCategory) => category.name);
  const [drag, setDrag] = useState<{ activeId: number; overId: number | null } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const categories = tree.data ?? [];
  const byId = new Map(categories.map((category) => [category.id, category]));
  const dragged = drag ? (byId.get(drag.activeId) ?? null) : null;
  const dropEdges = dropEdgesOf(categories, drag);

  /** Where the dragged category would go: "IT, position 2 of 3". */
  const placeOf = (activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined) => {
    const active = byId.get(Number(activeId));
    if (!active) return '';
    const siblings = childrenOf(categories, active.parentId);
    const index = siblings.findIndex((category) => category.id === Number(overId ?? activeId));
    return t('reorder.place', { name: active.name, position: index + 1, total: siblings.length });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('reorder.picked', { place: placeOf(active.id, undefined) }),
    onDragOver: ({ active, over }) => (over ? t('reorder.over', { place: placeOf(active.id, over.id) }) : undefined),
    onDragEnd: ({ active, over }) =>
      over ? t('reorder.dropped', { place: placeOf(active.id, over.id) }) : t('reorder.cancelled'),
    onDragCancel: () => t('reorder.cancelled'),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDrag(null);
    const order = over && siblingOrderAfterDrop(categories, Number(active.id), Number(over.id));
    if (!order) return;
    reorder.mutate(order, {
      onSuccess: () => notifications.show({ color: 'green', message: t('reorder.saved') }),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, t) }),
    });
  };

  /** The rows under `parentId`, depth first, each parent's categories sortable among themselves. */
  const rows = (parentId: number | null): ReactNode => {
    const siblings = childrenOf(categories, parentId);
    return (
      <SortableContext items={siblings.map((category) => category.id)} strategy={() => null}>
        {siblings.map((category) => (
          <Fragment key={category.id}>
            <CategoryRow
              category={category}
              inherited={inheritedAssignment(categories, category)}
              dragged={dragged}
              dropEdge={dropEdges.get(category.id) ?? null}
              can={rowCan}
              onDelete={() => deletion.ask(category)}
            />
            {category.isParent && rows(category.id)}
          </Fragment>
        ))}
      </SortableContext>
    );
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          can.has('tickets.manage.categories.add') &&
          categories.length > 0 && (
            <Button component={Link} to={createPath} leftSection={<IconPlus size={16} />}>
              {t('create')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        {tree.isPending || tree.isError ? (
          <QueryPlaceholder query={tree} />
        ) : categories.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconCategory2 size={32} />}
            title={t('empty')}
            description={t('emptyDescription')}
            data-testid="categories-empty"
          >
            {can.has('tickets.manage.categories.add') && (
              <Button component={Link} to={createPath} leftSection={<IconPlus size={16} />} mt="md">
                {t('createFirst')}
              </Button>
            )}
          </EmptyState>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            // The rows are measured before a drag starts, not once it has: on a slow tablet an arrow key pressed
            // right after taking a category would otherwise find no row measured yet and move nothing.
            measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t('reorder.instructions') } }}
            onDragStart={({ active }) => setDrag({ activeId: Number(active.id), overId: null })}
            onDragOver={({ active, over }) =>
              setDrag({ activeId: Number(active.id), overId: over ? Number(over.id) : null })
            }
            onDragEnd={onDragEnd}
            onDragCancel={() => setDrag(null)}
          >
            <ResponsiveTable verticalSpacing="xs" data-testid="categories-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.name')}</Table.Th>
                  <Table.Th>{t('fields.kind')}</Table.Th>
                  <Table.Th>{t('fields.assignees')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows(null)}</Table.Tbody>
            </ResponsiveTable>
            <DragOverlay>
              {dragged && (
                <Paper withBorder shadow="md" px="sm" py={6}>
                  <Group gap={6} wrap="nowrap">
                    <IconGripVertical size={18} aria-hidden />
                    <Text fw={dragged.isParent ? 700 : 400}>
                      <bdi>{dragged.name}</bdi>
                    </Text>
                  </Group>
                </Paper>
              )}
            </DragOverlay>
          </DndContext>
        )}
      </Card>
      <DeleteConfirmationModal deletion={deletion} t={t} />
    </>
  );
}

/**
 * The line showing where the dragged category would land: above the sibling it is over when moving up, below that
 * sibling's last descendant when moving down (it goes after the sibling's whole branch).
 */
function dropEdgesOf(
  categories: readonly TicketCategory[],
  drag: { activeId: number; overId: number | null } | null,
): Map<number, DropEdge> {
  const edges = new Map<number, DropEdge>();
  if (!drag || drag.overId === null || drag.overId === drag.activeId) return edges;
  const order = siblingOrderAfterDrop(categories, drag.activeId, drag.overId);
  if (!order) return edges;
  const down = order.ids.indexOf(drag.activeId) > order.ids.indexOf(drag.overId);
  if (!down) {
    edges.set(drag.overId, 'top');
    return edges;
  }
  const branch = subtreeIds(categories, drag.overId);
  const last = categories.filter((category) => branch.has(category.id)).at(-1);
  if (last) edges.set(last.id, 'bottom');
  return edges;
}
