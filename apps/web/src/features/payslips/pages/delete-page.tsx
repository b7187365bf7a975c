// Management › payslips/delete: the uploads, each with its delete action. Deleting is per file and removes every
// payslip of it, convalidated ones included (spec §4); the question says so, with the file, period and count.
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import { RefreshButton } from '../../../ui/refresh-button';
import { listPerPage } from '../../../ui/use-list-page';
import { CompanySelect } from '../components/company-select';
import { DeleteUploadAction, UploadDeletionModal, useUploadDeletion } from '../components/upload-deletion';
import { YearFilter } from '../components/upload-filters';
import { DownloadUploadAction, UploadsCard } from '../components/uploads-card';
import { useUploads } from '../payslips.api';

export default function DeletePage() {
  const { t } = useTranslation('payslips');
  const [page, setPage] = useState(1);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [year, setYear] = useState<number | null>(null);
  const uploads = useUploads('payslip', 'deletable', { page, perPage: listPerPage, companyId, year });
  const deletion = useUploadDeletion('payslip');
  const filtered = companyId !== null || year !== null;

  return (
    <>
      <PageHeader
        title={t('deletePage.title')}
        description={t('deletePage.description')}
        actions={<RefreshButton label={t('actions.refresh')} query={uploads} />}
      />
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} mb="md">
        {t('deletePage.warning')}
      </Alert>
      <UploadsCard
        kind="payslip"
        query={uploads}
        page={page}
        onPage={setPage}
        filters={
          <>
            <CompanySelect
              value={companyId === null ? null : String(companyId)}
              onChange={(value) => {
                setCompanyId(value ? Number(value) : null);
                setPage(1);
              }}
              testId="filter-company"
            />
            <YearFilter
              value={year}
              onChange={(value) => {
                setYear(value);
                setPage(1);
              }}
            />
          </>
        }
        empty={{ title: filtered ? t('logs.noMatch') : t('kinds.payslip.log.empty') }}
        actions={(upload) => (
          <>
            <DownloadUploadAction kind="payslip" upload={upload} />
            {upload.state !== 'processing' && <DeleteUploadAction deletion={deletion} upload={upload} />}
          </>
        )}
        testId="delete-uploads"
      />
      <UploadDeletionModal kind="payslip" deletion={deletion} />
    </>
  );
}
