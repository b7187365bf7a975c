// Management › payslips/convalidate: the uploads with payslips still waiting, each leading to its review filtered to
// what waits, where they are convalidated (and the employees told).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import { RefreshButton } from '../../../ui/refresh-button';
import { listPerPage } from '../../../ui/use-list-page';
import { OpenUploadAction, UploadsCard } from '../components/uploads-card';
import { useUploads } from '../payslips.api';

export default function ConvalidatePage() {
  const { t } = useTranslation('payslips');
  const [page, setPage] = useState(1);
  const uploads = useUploads('payslip', 'pending', { page, perPage: listPerPage });

  return (
    <>
      <PageHeader
        title={t('convalidatePage.title')}
        description={t('convalidatePage.description')}
        actions={<RefreshButton label={t('actions.refresh')} query={uploads} />}
      />
      <UploadsCard
        kind="payslip"
        query={uploads}
        page={page}
        onPage={setPage}
        empty={{ title: t('convalidatePage.empty'), description: t('convalidatePage.emptyHint') }}
        actions={(upload) => <OpenUploadAction kind="payslip" upload={upload} pending />}
        testId="convalidate-uploads"
      />
    </>
  );
}
