// Deleting an upload removes every payslip of its file, convalidated ones included (spec §4): the question names
// the file, its company and period and how many payslips go, and says it cannot be undone.
import type { PayslipKind, PayslipUpload } from '@bottega/contracts/payslips';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import {
  type DeleteConfirmation,
  DeleteConfirmationModal,
  useDeleteConfirmation,
} from '../../../ui/delete-confirmation';
import { RowAction } from '../../../ui/row-action';
import { periodLabel } from '../payslip-format';
import { useDeleteUpload } from '../payslips.api';

export function useUploadDeletion(kind: PayslipKind): DeleteConfirmation<PayslipUpload> {
  const { t } = useTranslation('payslips');
  return useDeleteConfirmation(useDeleteUpload(kind), (upload: PayslipUpload) =>
    t(`kinds.${kind}.deletion.subject`, {
      file: upload.fileName,
      company: upload.company.name,
      period: periodLabel(upload, currentLanguage()),
      count: upload.counts.payslips,
    }),
  );
}

export function DeleteUploadAction(props: { deletion: DeleteConfirmation<PayslipUpload>; upload: PayslipUpload }) {
  const { t } = useTranslation('payslips');
  return (
    <RowAction
      label={t('actions.delete')}
      subject={props.upload.fileName}
      icon={<IconTrash size={18} />}
      color="red"
      onClick={() => props.deletion.ask(props.upload)}
      testId={`upload-delete-${props.upload.id}`}
    />
  );
}

export function UploadDeletionModal(props: { kind: PayslipKind; deletion: DeleteConfirmation<PayslipUpload> }) {
  const { t } = useTranslation(['payslips', 'errors']);
  return (
    <DeleteConfirmationModal
      deletion={props.deletion}
      t={t}
      texts={{
        title: 'deletion.title',
        message: `kinds.${props.kind}.deletion.message`,
        confirm: 'deletion.confirm',
        done: 'deletion.done',
      }}
    />
  );
}
