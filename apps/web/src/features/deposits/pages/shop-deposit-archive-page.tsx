// Shop › Archivio versamenti (shop/deposit/archive): the deposits of one of the person's shops, month by month.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import { DepositArchive } from '../components/deposit-archive';

export default function ShopDepositArchivePage() {
  const { t } = useTranslation('deposits');
  return (
    <>
      <PageHeader title={t('archive.shopTitle')} description={t('archive.shopDescription')} />
      <DepositArchive scope="shop" />
    </>
  );
}
