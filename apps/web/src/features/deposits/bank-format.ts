// How a bank upload's refusal reads: the parser's reason, with the line and field or the sums that do not add up.
import type { BankUploadFailure } from '@bottega/contracts/bank';
import type { TFunction } from 'i18next';
import { moneyInText } from '../../ui/money';

export function bankFailureText(failure: BankUploadFailure, t: TFunction): string {
  switch (failure.kind) {
    case 'field':
      return t('deposits:bank.failure.field', { line: failure.line, field: failure.field });
    case 'unbalanced':
      return t('deposits:bank.failure.unbalanced', {
        statement: failure.statementId,
        opening: moneyInText(failure.openingCents),
        movements: moneyInText(failure.movementsCents),
        closing: moneyInText(failure.closingCents),
      });
    default:
      return t(`deposits:bank.failure.${failure.kind}`);
  }
}
