// Management › payslips/upload-logs: every payslip upload, by company and year, a page at a time from the server:
// the file, its period and pages, how far its split got and what it made, who uploaded it and when; each opens its
// review (upload-logs/{log}/items).
import { payslipAbilities } from '@bottega/contracts/payslips';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import { RefreshButton } from '../../../ui/refresh-button';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { CompanySelect } from '../components/company-select';
import { YearFilter } from '../components/upload-filters';
import { DownloadUploadAction, OpenUploadAction, UploadsCard } from '../components/uploads-card';
import { useUploads } from '../payslips.api';

export default function UploadLogsPage() {
  const { t } = useTranslation('payslips');
  const can = new Set(useAuthUser().data?.can ?? []);
  const [page, setPage] = useState(1);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [year, setYear] = useState<number | null>(null);
  const uploads = useUploads('payslip', 'log', { page, perPage: listPerPage, companyId, year });
  const filtered = companyId !== null || year !== null;

  return (
    <>
      <PageHeader
        title={t('logs.title')}
        description={t('logs.description')}
        actions={<RefreshButton label={t('actions.refresh')} query={uploads} />}
      />
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
            {can.has(payslipAbilities.payslip.logsDetail) && <OpenUploadAction kind="payslip" upload={upload} />}
            <DownloadUploadAction kind="payslip" upload={upload} />
          </>
        )}
        testId="upload-logs"
      />
    </>
  );
}
