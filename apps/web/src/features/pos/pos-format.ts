// How the POS archive words what the server answers: a refused file's problem, naming the line and the field.
import type { PosUploadFailure } from '@bottega/contracts/pos';
import type { TFunction } from 'i18next';

/** Why a file was not imported, in the reader's language (pos:failure.*, the fields as pos:fields.*). */
export function failureText(failure: PosUploadFailure, t: TFunction): string {
  switch (failure.kind) {
    case 'field':
      return t('pos:failure.field', { line: failure.line, field: t(`pos:fields.${failure.field}`) });
    case 'header':
      return t('pos:failure.header', {
        columns: failure.missing.map((field) => t(`pos:fields.${field}`)).join(', '),
      });
    default:
      return t(`pos:failure.${failure.kind}`);
  }
}

/** The difference of a figure from the money settled, or null where there is none to show. */
export function differenceFrom(settlementCents: number, figure: number | null): number | null {
  return figure === null || figure === settlementCents ? null : figure - settlementCents;
}
