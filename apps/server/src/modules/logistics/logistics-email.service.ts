// Emailing a processed file: its DDT as a PDF attached to one mail per address of the other side (the supplier of an
// in-file, the recipient of every other kind), written to the mail outbox in the transaction that marks it emailed.
import type { Language } from '@bottega/contracts/common';
import { formatDate } from '@bottega/contracts/dates';
import {
  type LogisticsFile,
  type LogisticsFileKind,
  type LogisticsSide,
  nextLogisticsFileState,
} from '@bottega/contracts/logistics';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueMail, storeMailAttachment } from '../../platform/mail';
import type { Realtime } from '../../platform/realtime';
import type { SessionContext } from '../../platform/sessions';
import type { Storage } from '../../platform/storage';
import { ddtFileName, ddtPdf } from './logistics-ddt.pdf';
import {
  getLogisticsFile,
  markLogisticsFileEmailed,
  publishChange,
  readLogisticsFile,
} from './logistics-files.service';

/** Who the mail goes to: the supplier that sent an in-file, otherwise the side that receives the goods. */
export function otherSide(file: Pick<LogisticsFile, 'kind' | 'from' | 'to'>): LogisticsSide {
  return file.kind === 'inFile' ? file.from : file.to;
}

/**
 * The language to write to a side in: Italian for our shops and warehouses and Italian suppliers, German to German
 * and Austrian suppliers, Bulgarian to Bulgarian ones, English to any other foreign supplier.
 */
export function languageOfSide(side: LogisticsSide): Language {
  if (side.type !== 'supplier' || side.country === 'IT' || side.country === 'SM' || side.country === 'VA') return 'it';
  if (side.country === 'DE' || side.country === 'AT') return 'de';
  if (side.country === 'BG') return 'bg';
  return 'en';
}

export async function emailLogisticsFile(options: {
  db: Database;
  storage: Storage;
  viewer: SessionContext;
  kind: LogisticsFileKind;
  id: number;
  now: Date;
  ip?: string | null;
  realtime?: Realtime;
}): Promise<LogisticsFile> {
  const { db, viewer, kind } = options;
  const file = await getLogisticsFile({ db, viewer, kind, id: options.id });
  if (nextLogisticsFileState(file.state, 'email') === null)
    throw new AppError('logisticsFileWrongState', { state: file.state });
  const side = otherSide(file);
  if (side.emails.length === 0)
    throw new AppError('validation', {}, { [`${kind === 'inFile' ? 'from' : 'to'}.emails`]: [{ rule: 'required' }] });
  const attachment = await storeMailAttachment(options.storage, {
    fileName: ddtFileName(file),
    type: 'application/pdf',
    bytes: await ddtPdf(file),
    extension: 'pdf',
  });
  let emailed: LogisticsFile;
  try {
    emailed = await db.transaction(async (tx) => {
      const row = await markLogisticsFileEmailed(tx, {
        viewer,
        kind,
        id: options.id,
        now: options.now,
        ip: options.ip,
        recipients: side.emails,
      });
      const sender = file.kind === 'inFile' ? file.to : file.from;
      for (const address of side.emails) {
        await enqueueMail({
          db: tx,
          to: address,
          template: 'logisticsDocument',
          lng: languageOfSide(side),
          params: {
            name: side.name,
            number: file.documentNumber ?? String(file.id),
            date: formatDate(file.documentDate ?? file.date),
            sender:
              sender.companyName && sender.type !== 'supplier' ? `${sender.companyName} - ${sender.name}` : sender.name,
            recipient: file.to.name,
            lines: file.lineCount,
            quantity: file.totalQuantity,
          },
          triggeredBy: viewer.userId,
          attachments: [attachment],
        });
      }
      return readLogisticsFile(tx, row);
    });
  } catch (error) {
    await options.storage.remove(attachment.key).catch(() => undefined);
    throw error;
  }
  await publishChange(db, options.realtime, emailed);
  return emailed;
}
