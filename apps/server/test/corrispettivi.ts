// Writes a close as the COR10 "corrispettivi" XML an RT printer produces, for the tests of the file upload.
import type { FiscalCloseRecord } from '@bottega/contracts/sales';

const decimal = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Italian wall time of an instant, as DataOraRilevazione without an offset. */
function romeWallTime(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The whole day's returns and cancellations are put on the first VAT group, as a printer with one department would. */
export function corrispettiviXml(close: FiscalCloseRecord): string {
  const groups = close.vatBreakdown
    .map((group, index) => {
      const returns = index === 0 ? close.returnsCents : 0;
      const cancellations = index === 0 ? close.cancellationsCents : 0;
      const vat =
        group.vatRate === 0
          ? '<Natura>N4</Natura>'
          : `<IVA><AliquotaIVA>${decimal(group.vatRate)}</AliquotaIVA><Imposta>${decimal(group.taxCents)}</Imposta></IVA>`;
      return (
        `    <Riepilogo>\n      ${vat}\n` +
        `      <Ammontare>${decimal(group.taxableCents + returns + cancellations)}</Ammontare>\n` +
        `      <ImportoParziale>${decimal(group.taxableCents)}</ImportoParziale>\n` +
        `      <TotaleAmmontareResi>${decimal(returns)}</TotaleAmmontareResi>\n` +
        `      <TotaleAmmontareAnnulli>${decimal(cancellations)}</TotaleAmmontareAnnulli>\n` +
        '    </Riepilogo>\n'
      );
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<n1:DatiCorrispettivi xmlns:n1="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/corrispettivi/dati/v1.0" versione="COR10">
  <Trasmissione>
    <Progressivo>${close.closeNumber}</Progressivo>
    <Formato>COR10</Formato>
    <Dispositivo><Tipo>RT</Tipo><IdDispositivo>${close.deviceSerial}</IdDispositivo></Dispositivo>
    <PIVAEsercente>01234567890</PIVAEsercente>
  </Trasmissione>
  <DataOraRilevazione>${romeWallTime(close.closedAt)}</DataOraRilevazione>
  <DatiRT>
${groups}    <Totali>
      <NumeroDocCommerciali>${close.documentsCount}</NumeroDocCommerciali>
      <PagatoContanti>${decimal(Math.max(0, close.totalCents - close.electronicPaymentsCents))}</PagatoContanti>
      <PagatoElettronico>${decimal(close.electronicPaymentsCents)}</PagatoElettronico>
    </Totali>
  </DatiRT>
</n1:DatiCorrispettivi>
`;
}
