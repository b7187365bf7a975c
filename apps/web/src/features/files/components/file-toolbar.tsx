// Above the items: where we are (breadcrumb), what can be done (the same actions as the context
// menu), how to sort, and grid or list.
import {
  ActionIcon,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Menu,
  SegmentedControl,
  Text,
  Tooltip,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import {
  type Icon,
  IconArrowDown,
  IconArrowUp,
  IconChevronRight,
  IconLayoutGrid,
  IconList,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Sort, SortColumn } from '../file-listing';

export type FileActionId = 'open' | 'preview' | 'download' | 'rename' | 'delete' | 'newFolder' | 'upload';
export type FileAction = { id: FileActionId; icon: Icon; enabled: boolean; run: () => void; danger?: boolean };

export function FileBreadcrumb(props: { root: string; path: string; onNavigate: (path: string) => void }) {
  const { t } = useTranslation('files');
  const { dir } = useDirection();
  const names = props.path.split('/').filter(Boolean);
  const crumbs = [
    { label: props.root, path: '/' },
    ...names.map((name, index) => ({ label: name, path: `/${names.slice(0, index + 1).join('/')}` })),
  ];
  return (
    <nav aria-label={t('breadcrumb')} data-testid="file-breadcrumb">
      <Breadcrumbs
        separator={
          <IconChevronRight size={14} aria-hidden style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
        }
        separatorMargin={4}
        style={{ flexWrap: 'wrap' }}
      >
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.path} fw={600} size="sm" aria-current="page" dir="auto">
              {crumb.label}
            </Text>
          ) : (
            <Anchor
              key={crumb.path}
              component="button"
              size="sm"
              onClick={() => props.onNavigate(crumb.path)}
              dir="auto"
            >
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

/** An icon on screen, its name for screen readers (and for finding it). */
function ViewLabel(props: { icon: Icon; label: string }) {
  return (
    <Center>
      <props.icon size={16} aria-hidden />
      <VisuallyHidden>{props.label}</VisuallyHidden>
    </Center>
  );
}

export function FileToolbar(props: {
  actions: FileAction[];
  sort: Sort;
  onSort: (column: SortColumn) => void;
  view: 'grid' | 'list';
  onView: (view: 'grid' | 'list') => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('files');
  const Arrow = props.sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Group justify="space-between" gap="xs" data-testid="file-toolbar">
      <Group gap={4}>
        {props.actions.map((action) => (
          <Tooltip key={action.id} label={t(`actions.${action.id}`)}>
            <ActionIcon
              variant="default"
              size="lg"
              color={action.danger ? 'red' : undefined}
              disabled={!action.enabled}
              onClick={action.run}
              aria-label={t(`actions.${action.id}`)}
              data-testid={`action-${action.id}`}
            >
              <action.icon size={18} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        ))}
        <Tooltip label={t('actions.refresh')}>
          <ActionIcon variant="subtle" size="lg" onClick={props.onRefresh} aria-label={t('actions.refresh')}>
            <IconRefresh size={18} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap="xs">
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              variant="default"
              size="sm"
              rightSection={<Arrow size={14} aria-hidden />}
              data-testid="sort-menu"
              aria-label={t('sort.label', {
                column: t(`columns.${props.sort.column}`),
                direction: t(`sort.${props.sort.direction}`),
              })}
            >
              {t(`columns.${props.sort.column}`)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('sort.title')}</Menu.Label>
            {(['name', 'size', 'date'] as const).map((column) => (
              <Menu.Item
                key={column}
                onClick={() => props.onSort(column)}
                rightSection={props.sort.column === column ? <Arrow size={14} aria-hidden /> : null}
                data-testid={`sort-by-${column}`}
              >
                {t(`columns.${column}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <SegmentedControl
          size="sm"
          value={props.view}
          onChange={(value) => props.onView(value as 'grid' | 'list')}
          aria-label={t('view.label')}
          data={[
            { value: 'grid', label: <ViewLabel icon={IconLayoutGrid} label={t('view.grid')} /> },
            { value: 'list', label: <ViewLabel icon={IconList} label={t('view.list')} /> },
          ]}
          data-testid="view-toggle"
        />
      </Group>
    </Group>
  );
}
