// What the split made of an upload, per outcome (§5): how many payslips, and each kind of problem with its count.
import { type PayslipItemOutcome, type PayslipKind, payslipItemOutcomes } from '@bottega/contracts/payslips';
import { Badge, Group, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUploadItems } from '../payslips.api';
import { outcomeColors } from './payslip-badges';

export function OutcomeCounts({ counts }: { counts: Partial<Record<PayslipItemOutcome, number>> }) {
  const { t } = useTranslation('payslips');
  const shown = payslipItemOutcomes.filter((outcome) => (counts[outcome] ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" data-testid="outcome-counts">
      {shown.map((outcome) => (
        <Badge
          key={outcome}
          color={outcomeColors[outcome]}
          variant="light"
          tt="none"
          data-testid={`outcome-count-${outcome}`}
        >
          {t(`outcomeCounts.${outcome}`, { count: counts[outcome] ?? 0 })}
        </Badge>
      ))}
    </Group>
  );
}

/** The counts of one upload, read from its items' page (its meta counts every outcome, whatever the filter). */
export function UploadOutcomes({ kind, uploadId }: { kind: PayslipKind; uploadId: number }) {
  const items = useUploadItems(kind, uploadId, { page: 1, perPage: 1 });
  if (!items.data) return items.isPending ? <Skeleton h={22} w={240} /> : null;
  return <OutcomeCounts counts={items.data.meta.outcomes} />;
}
