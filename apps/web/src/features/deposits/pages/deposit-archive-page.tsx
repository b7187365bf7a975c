// Accountancy › Archivio versamenti (deposit/archive): every shop's deposits accounting reaches, by month and state.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import { DepositArchive } from '../components/deposit-archive';

export default function DepositArchivePage() {
  const { t } = useTranslation('deposits');
  return (
    <>
      <PageHeader title={t('archive.title')} description={t('archive.description')} />
      <DepositArchive scope="all" />
    </>
  );
}
