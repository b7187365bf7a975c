// The documents of the company and of each shop the user reaches, in the embedded file manager.
// The root and the folder live in the address (?root=shop-12&path=/Contratti), so reload and
// back/forward keep them.
import { fileRootUrl } from '@bottega/contracts/files';
import { Card, Select } from '@mantine/core';
import { IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { useSelectableShops } from '../../auth/auth.api';
import { FileManager } from '../components/file-manager';

const companyRoot = 'company';

function urlOfRoot(root: string): string | null {
  if (root === companyRoot) return fileRootUrl.company();
  const shopId = /^shop-(\d+)$/.exec(root)?.[1];
  return shopId ? fileRootUrl.shop(Number(shopId)) : null;
}

export default function FilesPage() {
  const { t } = useTranslation('files');
  const [params, setParams] = useSearchParams();
  const shops = useSelectableShops(true);
  const roots = [
    { value: companyRoot, label: t('roots.company') },
    ...(shops.data ?? []).map((shop) => ({ value: `shop-${shop.id}`, label: t('roots.shop', { name: shop.name }) })),
  ];
  const asked = params.get('root') ?? companyRoot;
  // A shop the user does not reach (any more) falls back on the company documents.
  const root = shops.isPending || roots.some((choice) => choice.value === asked) ? asked : companyRoot;
  const path = params.get('path') || '/';

  const go = (next: { root: string; path: string }) =>
    setParams(next.path === '/' ? { root: next.root } : { root: next.root, path: next.path });

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Select
            aria-label={t('roots.label')}
            leftSection={<IconFolders size={16} />}
            data={roots}
            value={root}
            allowDeselect={false}
            onChange={(value) => value && go({ root: value, path: '/' })}
            w={260}
            data-testid="file-root"
          />
        }
      />
      <Card withBorder padding="md">
        <FileManager url={urlOfRoot(root)} path={path} onPathChange={(next) => go({ root, path: next })} />
      </Card>
    </>
  );
}
