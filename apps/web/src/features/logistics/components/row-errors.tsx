import type { LogisticsImportRowError } from '@bottega/contracts/logistics';
import { List, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const columnKeys: Record<string, string> = {
  productCode: 'fields.productCode',
  description: 'fields.description',
  quantity: 'fields.quantity',
  unitPrice: 'fields.unitPrice',
  unitPriceCents: 'fields.unitPrice',
  lot: 'fields.lot',
};

/** Each refused row of a paste or an import: its number, the column and why, in the screen's words. */
export function RowErrors({ errors }: { errors: readonly LogisticsImportRowError[] }) {
  const { t } = useTranslation(['logistics', 'validation']);
  return (
    <ScrollArea.Autosize mah={220}>
      <List size="sm" spacing={2} data-testid="row-errors">
        {errors.map((error) => (
          <List.Item key={`${error.row}-${error.column}-${error.rule}`}>
            {t('import.rowError', {
              row: error.row,
              column: columnKeys[error.column] ? t(columnKeys[error.column] as string) : error.column,
              message: t(`validation:${error.rule}`, {
                min: 1,
                max: error.rule === 'maxLength' ? 40 : 1_000_000,
                value: error.value,
              }),
              value: error.value,
            })}
          </List.Item>
        ))}
      </List>
    </ScrollArea.Autosize>
  );
}
