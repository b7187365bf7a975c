// Accountancy › payslips/upload and tax/upload: the upload form of the kind, then its latest uploads (the log), each
// with the way to its review. Tax certificates have no screens of their own in Management: their log is this one,
// with the delete action for those who may.
import { type PayslipKind, payslipAbilities } from '@bottega/contracts/payslips';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { RefreshButton } from '../../../ui/refresh-button';
import { useAuthUser } from '../../auth/auth.api';
import { UploadCard } from '../components/upload-card';
import { DeleteUploadAction, UploadDeletionModal, useUploadDeletion } from '../components/upload-deletion';
import { DownloadUploadAction, OpenUploadAction, UploadsCard } from '../components/uploads-card';
import { payslipPaths } from '../payslip-format';
import { useUploads } from '../payslips.api';

/** The latest uploads shown under the form; the whole log pages through them too. */
const logPerPage = 10;

function UploadPage({ kind }: { kind: PayslipKind }) {
  const { t } = useTranslation('payslips');
  const user = useAuthUser().data;
  const can = new Set(user?.can ?? []);
  const abilities = payslipAbilities[kind];
  const [page, setPage] = useState(1);
  // The log is read with the logs ability (the server's rule); without it the form stands alone.
  const canSeeLog = can.has(abilities.logs);
  const uploads = useUploads(kind, 'log', { page, perPage: logPerPage }, canSeeLog);
  const deletion = useUploadDeletion(kind);
  // Payslips have their own log and delete screens (Management); tax certificates are handled here.
  const fullLog = kind === 'payslip' && canSeeLog;
  const canDelete = kind === 'taxCertificate' && can.has(abilities.delete);

  return (
    <>
      <PageHeader title={t(`kinds.${kind}.upload.title`)} description={t(`kinds.${kind}.upload.description`)} />
      <Stack gap="lg">
        <UploadCard kind={kind} userId={user?.id} />
        {canSeeLog && (
          <section aria-labelledby="upload-log-title">
            <Group justify="space-between" mb="sm" gap="sm">
              <Title order={2} size="h4" id="upload-log-title">
                {t('upload.logTitle')}
              </Title>
              <Group gap="xs">
                {fullLog && (
                  <Button
                    variant="default"
                    component={Link}
                    to={payslipPaths[kind].logs}
                    leftSection={<IconListDetails size={16} />}
                  >
                    {t('upload.fullLog')}
                  </Button>
                )}
                <RefreshButton label={t('actions.refresh')} query={uploads} />
              </Group>
            </Group>
            <UploadsCard
              kind={kind}
              query={uploads}
              page={page}
              onPage={setPage}
              empty={{ title: t(`kinds.${kind}.log.empty`) }}
              actions={(upload) => (
                <>
                  {can.has(abilities.logsDetail) && <OpenUploadAction kind={kind} upload={upload} />}
                  <DownloadUploadAction kind={kind} upload={upload} />
                  {canDelete && upload.state !== 'processing' && (
                    <DeleteUploadAction deletion={deletion} upload={upload} />
                  )}
                </>
              )}
              testId="upload-log"
            />
          </section>
        )}
      </Stack>
      <UploadDeletionModal kind={kind} deletion={deletion} />
    </>
  );
}

export function PayslipUploadPage() {
  return <UploadPage kind="payslip" />;
}

export function TaxCertificateUploadPage() {
  return <UploadPage kind="taxCertificate" />;
}
