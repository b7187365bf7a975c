// The embedded file manager (spec §2): give it the configured url of a root and it browses it —
// breadcrumb, grid or list, sorting, selection, context menu and toolbar, preview and download,
// uploads with a queue, and dropped folder trees. It fits on its own page or inside another screen.
// What may be changed follows the listing's `writable`; the server decides every call again.
import type { FileItem } from '@bottega/contracts/files';
import { Alert, Box, EmptyState, Menu, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconDownload,
  IconEye,
  IconFolderOpen,
  IconFolderPlus,
  IconPencil,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  nextSort,
  noSelection,
  type Selection,
  type SelectMode,
  type Sort,
  selectItem,
  sortItems,
  toggleAll,
} from '../file-listing';
import {
  downloadItem,
  fileErrorMessage,
  useCreateFolder,
  useDeleteItems,
  useFolder,
  useRefreshFolder,
  useRenameItem,
} from '../files.api';
import { DeleteModal, type FileMessage, MessageModal, NameModal } from './file-modals';
import { PreviewModal } from './file-preview-modal';
import { type FileAction, type FileActionId, FileBreadcrumb, FileToolbar } from './file-toolbar';
import { FileGrid, FileList, FileViewSkeleton, isPreviewable } from './file-views';
import { UploadDragModal, UploadModal } from './upload-modals';
import { useTreeUpload } from './use-tree-upload';
import { useUploadQueue } from './use-upload-queue';

/** Issue 6: Enter opens, Delete asks to delete, F2 renames. */
const shortcuts: Record<string, FileActionId> = { Enter: 'open', Delete: 'delete', F2: 'rename' };

/** Spec §4: one modal of one type at a time. */
type OpenModal =
  | { type: 'newFolder' }
  | { type: 'rename'; item: FileItem }
  | { type: 'delete'; items: FileItem[] }
  | { type: 'upload' }
  | { type: 'message'; message: FileMessage }
  | { type: 'preview'; item: FileItem }
  | { type: 'uploadDrag' };

export type FileManagerProps = {
  /** The root's configured url (contracts fileRootUrl); without one the manager says so (spec §8). */
  url: string | null | undefined;
  /** The folder shown, when the screen keeps it (in its address); otherwise the manager does. */
  path?: string;
  onPathChange?: (path: string) => void;
};

export function FileManager(props: FileManagerProps) {
  const { t } = useTranslation('files');
  if (!props.url) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="file-manager-no-url">
        {t('messages.noUrl')}
      </Alert>
    );
  }
  return <FileBrowser {...props} url={props.url} />;
}

function FileBrowser(props: FileManagerProps & { url: string }) {
  const { url } = props;
  const { t } = useTranslation(['files', 'errors']);
  const [ownPath, setOwnPath] = useState('/');
  const path = props.path ?? ownPath;
  const [view, setView] = useLocalStorage<'grid' | 'list'>({ key: 'bottega.files.view', defaultValue: 'grid' });
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'asc' });
  const [selection, setSelection] = useState<Selection>(noSelection);
  const [modal, setModal] = useState<OpenModal | null>(null);

  const folder = useFolder(url, path);
  const refresh = useRefreshFolder(url);
  const createFolder = useCreateFolder(url);
  const rename = useRenameItem(url);
  const remove = useDeleteItems(url);
  const queue = useUploadQueue(url);

  const listing = folder.data;
  const writable = listing?.writable ?? false;
  const items = useMemo(() => sortItems(listing?.files ?? [], sort), [listing, sort]);
  const order = useMemo(() => items.map((item) => item.path), [items]);
  const selected = items.filter((item) => selection.paths.has(item.path));
  const single = selected.length === 1 ? (selected[0] as FileItem) : null;

  const showError = useCallback(
    (error: unknown) =>
      setModal({ type: 'message', message: { tone: 'error', text: fileErrorMessage(error, t) ?? '' } }),
    [t],
  );
  const showErrorText = useCallback(
    (text: string) => setModal({ type: 'message', message: { tone: 'error', text } }),
    [],
  );
  const showInfo = useCallback((text: string) => setModal({ type: 'message', message: { tone: 'info', text } }), []);

  // Spec §8: a listing that fails is told in the message modal, with the request's own message.
  useEffect(() => {
    if (folder.error) showError(folder.error);
  }, [folder.error, showError]);

  // Another folder starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the folder's path and root are the triggers
  useEffect(() => setSelection(noSelection), [url, path]);

  const navigate = (next: string) => {
    if (props.onPathChange) props.onPathChange(next);
    else setOwnPath(next);
  };

  const download = (item: FileItem) => {
    downloadItem(item).catch(showError);
  };

  const open = (item: FileItem) => {
    if (item.type === 'folder') navigate(item.path);
    else if (isPreviewable(item)) setModal({ type: 'preview', item });
    else download(item);
  };

  const onTree = useCallback(
    () => setModal((current) => (current?.type === 'upload' ? current : { type: 'uploadDrag' })),
    [],
  );
  const tree = useTreeUpload({
    url,
    folder: path,
    queue,
    onTree,
    onError: showErrorText,
    onInfo: showInfo,
    readOnly: !writable,
  });

  const actions: FileAction[] = [
    { id: 'open', icon: IconFolderOpen, enabled: single !== null, run: () => single && open(single) },
    {
      id: 'preview',
      icon: IconEye,
      enabled: single !== null && isPreviewable(single),
      run: () => single && setModal({ type: 'preview', item: single }),
    },
    {
      id: 'download',
      icon: IconDownload,
      enabled: single !== null && single.type !== 'folder',
      run: () => single && download(single),
    },
  ];
  if (writable) {
    actions.push(
      {
        id: 'rename',
        icon: IconPencil,
        enabled: single !== null,
        run: () => single && setModal({ type: 'rename', item: single }),
      },
      {
        id: 'delete',
        icon: IconTrash,
        enabled: selected.length > 0,
        danger: true,
        run: () => selected.length > 0 && setModal({ type: 'delete', items: selected }),
      },
      { id: 'newFolder', icon: IconFolderPlus, enabled: true, run: () => setModal({ type: 'newFolder' }) },
      { id: 'upload', icon: IconUpload, enabled: true, run: () => setModal({ type: 'upload' }) },
    );
  }
  const run = (id: FileActionId) => {
    const action = actions.find((candidate) => candidate.id === id);
    if (action?.enabled) action.run();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (modal !== null || event.target instanceof HTMLInputElement) return;
    if (event.key === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      setSelection({ paths: new Set(order), anchor: selection.anchor });
    } else if (event.key === 'Escape') {
      setSelection(noSelection);
    } else if (event.key in shortcuts) {
      event.preventDefault();
      run(shortcuts[event.key] as FileActionId);
    }
  };

  const viewProps = {
    label: t('area', { folder: path }),
    items,
    parent: listing?.parent ?? null,
    selection,
    sort,
    onSort: (column: Sort['column']) => setSort((current) => nextSort(current, column)),
    onSelect: (item: FileItem, mode: SelectMode) =>
      setSelection((current) => selectItem(current, order, item.path, mode)),
    onItemContextMenu: (item: FileItem) => {
      if (!selection.paths.has(item.path)) setSelection({ paths: new Set([item.path]), anchor: item.path });
    },
    onOpen: open,
    onBack: () => listing?.parent != null && navigate(listing.parent),
    onToggleAll: () => setSelection((current) => toggleAll(current, order)),
  };

  const done = (message: string) => {
    setModal(null);
    notifications.show({ color: 'green', message });
  };

  return (
    <Stack gap="sm" data-testid="file-manager">
      <FileBreadcrumb root={listing?.root ?? ''} path={path} onNavigate={navigate} />
      <FileToolbar
        actions={actions}
        sort={sort}
        onSort={viewProps.onSort}
        view={view}
        onView={setView}
        onRefresh={() => void refresh()}
      />
      <Menu shadow="md" width={220}>
        <Menu.ContextMenu>
          <Box
            tabIndex={-1}
            onKeyDown={onKeyDown}
            onClick={(event) => {
              // A click on the free space clears the selection.
              if (event.target === event.currentTarget) setSelection(noSelection);
            }}
            onContextMenu={(event) => {
              if (event.target === event.currentTarget) setSelection(noSelection);
            }}
            {...tree.dropHandlers}
            mih={240}
            p="xs"
            role="region"
            aria-label={t('area', { folder: path })}
            data-testid="file-area"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              outline: tree.dragging ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
              background: tree.dragging ? 'var(--mantine-primary-color-light)' : undefined,
            }}
          >
            {folder.isPending ? (
              <FileViewSkeleton view={view} />
            ) : folder.isError ? (
              <Alert color="red" icon={<IconAlertCircle size={18} />}>
                {fileErrorMessage(folder.error, t)}
              </Alert>
            ) : (
              <>
                {view === 'grid' ? <FileGrid {...viewProps} /> : <FileList {...viewProps} />}
                {items.length === 0 && (
                  <EmptyState
                    py="xl"
                    icon={<IconFolderOpen size={32} stroke={1.5} />}
                    title={t('empty.title')}
                    description={writable ? t('empty.writable') : t('empty.readOnly')}
                    data-testid="file-empty"
                  />
                )}
              </>
            )}
          </Box>
        </Menu.ContextMenu>
        <Menu.Dropdown data-testid="file-context-menu">
          {actions.map((action) => (
            <Menu.Item
              key={action.id}
              leftSection={<action.icon size={16} stroke={1.6} />}
              color={action.danger ? 'red' : undefined}
              disabled={!action.enabled}
              onClick={action.run}
            >
              {t(`actions.${action.id}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {selected.length > 0 && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('selected', { count: selected.length })}
        </Text>
      )}

      {modal?.type === 'message' && <MessageModal message={modal.message} onClose={() => setModal(null)} />}
      {modal?.type === 'newFolder' && (
        <NameModal
          title={t('newFolder.title')}
          label={t('newFolder.label')}
          confirmLabel={t('newFolder.create')}
          loading={createFolder.isPending}
          testId="file-new-folder"
          onClose={() => setModal(null)}
          onSubmit={(name) =>
            createFolder.mutate(
              { folder: path, name },
              { onSuccess: () => done(t('newFolder.created', { name })), onError: showError },
            )
          }
        />
      )}
      {modal?.type === 'rename' && (
        <NameModal
          title={t('rename.title')}
          label={t('rename.label')}
          confirmLabel={t('rename.confirm')}
          initial={modal.item.basename}
          loading={rename.isPending}
          testId="file-rename"
          onClose={() => setModal(null)}
          onSubmit={(name) =>
            rename.mutate(
              { item: modal.item, name },
              {
                onSuccess: () => {
                  setSelection(noSelection);
                  done(t('rename.renamed', { name }));
                },
                onError: showError,
              },
            )
          }
        />
      )}
      {modal?.type === 'delete' && (
        <DeleteModal
          items={modal.items}
          loading={remove.isPending}
          onClose={() => setModal(null)}
          onConfirm={() =>
            remove.mutate(modal.items, {
              onSuccess: () => {
                setSelection(noSelection);
                done(t('delete.deleted', { count: modal.items.length }));
              },
              onError: showError,
            })
          }
        />
      )}
      {modal?.type === 'preview' && (
        <PreviewModal
          url={url}
          item={modal.item}
          onDownload={() => download(modal.item)}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.type === 'upload' && (
        <UploadModal
          folder={path}
          queue={queue}
          dropHandlers={tree.dropHandlers}
          dragging={tree.dragging}
          onFiles={tree.sendFiles}
          onFolder={tree.sendPickedFolder}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.type === 'uploadDrag' && (
        <UploadDragModal queue={queue} folders={tree.folders} onClose={() => setModal(null)} />
      )}
    </Stack>
  );
}
