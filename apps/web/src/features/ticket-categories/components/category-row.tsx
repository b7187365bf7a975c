import type { TicketCategory } from '@bottega/contracts/tickets';
import { useSortable } from '@dnd-kit/sortable';
import { ActionIcon, Avatar, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconFolder, IconGripVertical, IconPencil, IconTicket, IconTrash, IconUserPlus } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../ui/row-action';
import classes from './category-row.module.css';

/** Who handles a category, as initials with their names for the pointer and screen readers. */
function People({ people }: { people: TicketCategory['assignees'] }) {
  return (
    <Group gap={4} wrap="nowrap" data-testid="category-assignees">
      {people.map((person) => (
        <Tooltip key={person.id} label={person.name} withArrow>
          <Avatar name={person.name} color="initials" size="sm" role="img" aria-label={person.name} />
        </Tooltip>
      ))}
    </Group>
  );
}

/** Where the dragged category would land, drawn as a line on this row's top or bottom edge. */
export type DropEdge = 'top' | 'bottom';

/**
 * One category of the tree: indented by its depth, a parent (folder, bold) told apart from a leaf (ticket), its
 * assignees and its actions. Its handle drags it among its parent's categories — with the keyboard too (space to
 * take it, arrows to move it, space to drop it, escape to give up); rows outside that parent take no drop.
 */
export function CategoryRow(props: {
  category: TicketCategory;
  /** The category above whose people handle this one's tickets, when it has none of its own. */
  inherited: TicketCategory | null;
  /** The category being dragged, if any: only its siblings take the drop. */
  dragged: TicketCategory | null;
  dropEdge: DropEdge | null;
  can: { reorder: boolean; edit: boolean; assign: boolean; delete: boolean };
  onDelete: () => void;
}) {
  const { category, dragged, can } = props;
  const { t } = useTranslation('ticket-categories');
  const sortable = useSortable({
    id: category.id,
    disabled: { draggable: !can.reorder, droppable: dragged !== null && dragged.parentId !== category.parentId },
    attributes: { roleDescription: t('reorder.roleDescription') },
  });
  const KindIcon = category.isParent ? IconFolder : IconTicket;

  return (
    <Table.Tr
      ref={sortable.setNodeRef}
      className={classes.row}
      data-drop={props.dropEdge ?? undefined}
      data-dragging={sortable.isDragging || undefined}
      data-depth={category.depth}
      style={{ '--category-depth': category.depth } as CSSProperties}
      data-testid={`category-row-${category.path.join('-')}`}
    >
      <Table.Td>
        <Group gap={6} wrap="nowrap" className={classes.indent}>
          {can.reorder && (
            <ActionIcon
              variant="subtle"
              color="gray"
              className={classes.handle}
              ref={sortable.setActivatorNodeRef}
              {...sortable.attributes}
              {...sortable.listeners}
              aria-label={t('reorder.handle', { name: category.name })}
              data-testid="category-handle"
            >
              <IconGripVertical size={18} />
            </ActionIcon>
          )}
          <KindIcon
            size={18}
            aria-hidden
            className={classes.kindIcon}
            color={category.isParent ? 'var(--mantine-color-yellow-text)' : 'var(--mantine-color-dimmed)'}
          />
          <Text fw={category.isParent ? 700 : 400} className={classes.name}>
            <bdi>{category.name}</bdi>
          </Text>
        </Group>
      </Table.Td>
      <Table.Td data-label={t('fields.kind')}>
        <Text size="sm" c={category.isParent ? undefined : 'dimmed'}>
          {category.isParent ? t('kind.parent') : t('kind.leaf')}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('fields.assignees')}>
        {category.assignees.length > 0 ? (
          <People people={category.assignees} />
        ) : props.inherited ? (
          <Group gap={6} wrap="nowrap" data-testid="category-inherited">
            <People people={props.inherited.assignees} />
            <Text size="xs" c="dimmed">
              {t('inheritedFrom', { name: props.inherited.name })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('noAssignees')}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-actions>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {can.edit && (
            <RowAction
              label={t('edit')}
              subject={category.name}
              icon={<IconPencil size={18} />}
              to={`/app/ticketCategory/${category.id}/edit`}
            />
          )}
          {can.assign && (
            <RowAction
              label={t('assign')}
              subject={category.name}
              icon={<IconUserPlus size={18} />}
              to={`/app/ticketCategory/${category.id}/assign`}
            />
          )}
          {can.delete && (
            <RowAction
              label={t('delete')}
              subject={category.name}
              icon={<IconTrash size={18} />}
              color="red"
              onClick={props.onDelete}
            />
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
