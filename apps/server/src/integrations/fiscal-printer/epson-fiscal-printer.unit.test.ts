import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  escapeXml,
  FiscalPrinterError,
  type FiscalPrinterFailure,
  parseItalianAmount,
  readFiscalClose,
  soapEnvelope,
  xmlElement,
} from './epson-fiscal-printer';
import {
  demoFiscalClose,
  type FiscalPrinterSimulator,
  type SimulatedClose,
  startFiscalPrinterSimulator,
} from './fiscal-printer.simulator';

const summerClose: SimulatedClose = {
  closedAt: '2026-06-12T18:47:00Z',
  closeNumber: 512,
  totalCents: 123_456_789,
  documentsCount: 87,
  returnsCents: 4_590,
  cancellationsCents: 1_000,
  electronicPaymentsCents: 98_765_432,
  vatBreakdown: [
    { vatRate: 2200, taxableCents: 100_000_000, taxCents: 22_000_000 },
    { vatRate: 1000, taxableCents: 1_324_354, taxCents: 132_435 },
    { vatRate: 0, taxableCents: 0, taxCents: 0 },
  ],
};
const winterClose: SimulatedClose = { ...summerClose, closedAt: '2026-01-15T19:05:00Z', closeNumber: 365 };

const simulators: FiscalPrinterSimulator[] = [];
async function printer(options: Parameters<typeof startFiscalPrinterSimulator>[0] = {}) {
  const simulator = await startFiscalPrinterSimulator({
    closes: { '2026-06-12': summerClose, '2026-01-15': winterClose },
    ...options,
  });
  simulators.push(simulator);
  return simulator;
}
afterEach(async () => {
  await Promise.all(simulators.splice(0).map((simulator) => simulator.close()));
});

async function failureOf(read: Promise<unknown>): Promise<FiscalPrinterError> {
  const error = await read.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FiscalPrinterError);
  return error as FiscalPrinterError;
}

/** A fetch that answers every request with the same body, for answers the simulator never gives. */
function answering(...bodies: string[]): typeof fetch {
  let call = 0;
  return async () => new Response(bodies[Math.min(call++, bodies.length - 1)], { status: 200 });
}

function soapAnswer(success: string, code: string, info: Record<string, string>): string {
  const names = Object.keys(info);
  return `<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>
<response success="${success}" code="${code}" status="2"><addInfo><elementList>${names.join(',')}</elementList>${names
    .map((name) => `<${name}>${info[name]}</${name}>`)
    .join('')}</addInfo></response></soapenv:Body></soapenv:Envelope>`;
}
const statusAnswer = soapAnswer('true', '', { printerStatus: '00110', rtType: 'M' });
const serialAnswer = soapAnswer('true', '', { printerStatus: '00110', responseData: '00012345EX99' });
const goodReport = {
  zRepNumber: '12',
  zRepDate: '12/06/2026',
  zRepTime: '20:47',
  dailyAmount: '1.234,56',
  fiscalDocCount: '3',
  dailyReturnAmount: '0,00',
  dailyVoidAmount: '0,00',
  dailyElectronicAmount: '234,56',
  vatRate1: '22,00',
  vatTaxable1: '1.011,94',
  vatTax1: '222,62',
};

describe('readFiscalClose against the simulated printer', () => {
  it('reads a close exactly: cents, VAT breakdown, serial, Z number, closedAt with the Rome offset', async () => {
    const simulator = await printer();
    const close = await readFiscalClose({ address: simulator.address, businessDate: '2026-06-12' });
    // The printer's clock is Rome wall time: 18:47 UTC in June is 20:47 at +02:00.
    expect(close).toEqual({
      ...summerClose,
      deviceSerial: '99MEX012345',
      businessDate: '2026-06-12',
      closedAt: '2026-06-12T20:47:00+02:00',
    });
    const winter = await readFiscalClose({ address: simulator.address, businessDate: '2026-01-15' });
    expect(winter.closedAt).toBe('2026-01-15T20:05:00+01:00');
  });

  it('sends the documented requests: POST fpmate.cgi, devid and timeout, SOAP headers and envelope', async () => {
    const simulator = await printer({ serial: '72MAB000042' });
    const close = await readFiscalClose({ address: simulator.address, businessDate: '2026-06-12', timeoutMs: 4000 });
    expect(close.deviceSerial).toBe('72MAB000042');
    expect(simulator.requests).toHaveLength(3);
    for (const request of simulator.requests) {
      expect(request).toMatchObject({
        method: 'POST',
        path: '/cgi-bin/fpmate.cgi',
        query: { devid: 'local_printer', timeout: '4000' },
        contentType: 'text/xml; charset=UTF-8',
        soapAction: '""',
      });
      expect(request.body).toMatch(
        /^<\?xml version="1.0" encoding="utf-8"\?>\n<s:Envelope xmlns:s="http:\/\/schemas.xmlsoap.org\/soap\/envelope\/">\n<s:Body>\n<printerCommand>.*<\/printerCommand>\n<\/s:Body>\n<\/s:Envelope>\n$/,
      );
    }
    expect(
      simulator.requests.map((request) => /<printerCommand>(.*)<\/printerCommand>/.exec(request.body)?.[1]),
    ).toEqual([
      '<queryPrinterStatus operator="1" statusType="1" />',
      '<directIO command="3217" data="00" />',
      '<directIO command="2050" data="01120626" />',
    ]);
  });

  it('reports a day without a close as noClose', async () => {
    const simulator = await printer();
    const error = await failureOf(readFiscalClose({ address: simulator.address, businessDate: '2026-06-13' }));
    expect(error).toMatchObject({ failure: 'noClose', code: 'NO_DATA', address: simulator.address });
  });

  it('reports a refusal with the printer code as printerError', async () => {
    const simulator = await printer({ mode: 'error' });
    const error = await failureOf(readFiscalClose({ address: simulator.address, businessDate: '2026-06-12' }));
    expect(error).toMatchObject({ failure: 'printerError', code: 'EPTR_REC_EMPTY' });
    expect(error.message).toContain('status 3');
  });

  it('reports an answer that is not XML as malformedAnswer', async () => {
    const simulator = await printer({ mode: 'malformed' });
    const error = await failureOf(readFiscalClose({ address: simulator.address, businessDate: '2026-06-12' }));
    expect(error.failure).toBe('malformedAnswer');
  });

  it('reports a printer slower than the timeout as timeout, and can switch modes', async () => {
    const simulator = await printer({ mode: 'slow' });
    const started = Date.now();
    const error = await failureOf(
      readFiscalClose({ address: simulator.address, businessDate: '2026-06-12', timeoutMs: 150 }),
    );
    expect(error.failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    simulator.setMode('ok');
    await expect(readFiscalClose({ address: simulator.address, businessDate: '2026-06-12' })).resolves.toMatchObject({
      closeNumber: 512,
    });
  });

  it('refuses commands it does not know, as the printer does', async () => {
    const simulator = await printer();
    const unknown = await fetch(`http://${simulator.address}/cgi-bin/fpmate.cgi`, {
      method: 'POST',
      body: soapEnvelope(`<printerCommand>${xmlElement('directIO', { command: '9999', data: '00' })}</printerCommand>`),
    });
    expect(await unknown.text()).toContain('<response success="false" code="PRINTER ERROR"');
    const broken = await fetch(`http://${simulator.address}/cgi-bin/fpmate.cgi`, { method: 'POST', body: '<s:Env' });
    expect(await broken.text()).toContain('code="PARSER_ERROR"');
    // Nor does it parse a request declaring a DOCTYPE: an outside entity would make the parser throw.
    const status = soapEnvelope(
      `<printerCommand>${xmlElement('queryPrinterStatus', { statusType: '1' })}</printerCommand>`,
    );
    const doctype = await fetch(`http://${simulator.address}/cgi-bin/fpmate.cgi`, {
      method: 'POST',
      body: status.replace('?>', '?><!DOCTYPE s [<!ENTITY x SYSTEM "file:///etc/passwd">]>'),
    });
    expect(await doctype.text()).toContain('code="PARSER_ERROR"');
  });
});

describe('one simulator for many printers', () => {
  it('answers as each named printer at its own path, and 404 for a name it does not know', async () => {
    const simulator = await printer({
      printers: async (name) =>
        name === 'MI 01'
          ? { serial: '80E12345678', closeOf: (date) => (date === '2026-01-15' ? winterClose : null) }
          : null,
    });
    const named = `${simulator.address}/printers/${encodeURIComponent('MI 01')}`;
    const close = await readFiscalClose({ address: named, businessDate: '2026-01-15' });
    expect(close).toMatchObject({ deviceSerial: '80E12345678', closeNumber: winterClose.closeNumber });
    expect((await failureOf(readFiscalClose({ address: named, businessDate: '2026-06-12' }))).failure).toBe('noClose');
    // The unnamed path is still the default printer.
    expect((await readFiscalClose({ address: simulator.address, businessDate: '2026-06-12' })).deviceSerial).toBe(
      '99MEX012345',
    );
    const unknown = await failureOf(
      readFiscalClose({ address: `${simulator.address}/printers/NA01`, businessDate: '2026-01-15' }),
    );
    expect(unknown.failure).toBe('unreachable');
  });
});

describe('readFiscalClose failures', () => {
  it('reports a closed port as unreachable with the network code', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await failureOf(readFiscalClose({ address: `127.0.0.1:${port}`, businessDate: '2026-06-12' }));
    expect(error).toMatchObject({ failure: 'unreachable', code: 'ECONNREFUSED' });
  });

  it('reports an HTTP error or an unusable address as unreachable', async () => {
    const notFound: typeof fetch = async () => new Response('<html>404</html>', { status: 404 });
    const httpError = await failureOf(
      readFiscalClose({ address: '10.0.0.9', businessDate: '2026-06-12', fetch: notFound }),
    );
    expect(httpError).toMatchObject({ failure: 'unreachable', code: 'HTTP_404' });
    const badAddress = await failureOf(readFiscalClose({ address: 'a b', businessDate: '2026-06-12' }));
    expect(badAddress.failure).toBe('unreachable');
  });

  it.each<[string, string, FiscalPrinterFailure]>([
    ['no SOAP response', '<?xml version="1.0"?><html><body>hello</body></html>', 'malformedAnswer'],
    ['a missing field', soapAnswer('true', '', { ...goodReport, dailyAmount: '' }), 'malformedAnswer'],
    ['a field left out of elementList', soapAnswer('true', '', { zRepNumber: '12' }), 'malformedAnswer'],
    [
      'an amount in English format',
      soapAnswer('true', '', { ...goodReport, dailyAmount: '1,234.56' }),
      'malformedAnswer',
    ],
    ['an amount with one decimal', soapAnswer('true', '', { ...goodReport, vatTax1: '222,6' }), 'malformedAnswer'],
    [
      'a date that does not exist',
      soapAnswer('true', '', { ...goodReport, zRepDate: '31/02/2026' }),
      'malformedAnswer',
    ],
    [
      'a negative return total',
      soapAnswer('true', '', { ...goodReport, dailyReturnAmount: '-1,00' }),
      'malformedAnswer',
    ],
    ['a refusal', soapAnswer('false', 'LAN_TIME_OUT', {}), 'printerError'],
  ])('reads a Z report answer with %s as %s', async (_case, report, failure) => {
    const read = readFiscalClose({
      address: '10.0.0.9',
      businessDate: '2026-06-12',
      fetch: answering(statusAnswer, serialAnswer, report),
    });
    expect((await failureOf(read)).failure).toBe(failure);
  });

  it('reads a hand-written answer, amounts with thousands separators included', async () => {
    const close = await readFiscalClose({
      address: '10.0.0.9',
      businessDate: '2026-06-12',
      fetch: answering(statusAnswer, serialAnswer, soapAnswer('true', '', goodReport)),
    });
    expect(close).toMatchObject({
      deviceSerial: '99MEX012345',
      totalCents: 123_456,
      vatBreakdown: [{ vatRate: 2200, taxableCents: 101_194, taxCents: 22_262 }],
    });
  });

  it('reports an answer without a serial number as malformedAnswer', async () => {
    const read = readFiscalClose({
      address: '10.0.0.9',
      businessDate: '2026-06-12',
      fetch: answering(statusAnswer, soapAnswer('true', '', { responseData: '00' })),
    });
    expect((await failureOf(read)).failure).toBe('malformedAnswer');
  });

  it('reports an answer declaring a DOCTYPE as malformedAnswer, without parsing it', async () => {
    const withDoctype = (answer: string) =>
      answer.replace('?>', '?><!DOCTYPE s [<!ENTITY x SYSTEM "file:///etc/passwd">]>');
    const read = readFiscalClose({
      address: '10.0.0.9',
      businessDate: '2026-06-12',
      fetch: answering(...[statusAnswer, serialAnswer, soapAnswer('true', '', goodReport)].map(withDoctype)),
    });
    expect((await failureOf(read)).failure).toBe('malformedAnswer');
  });

  it('refuses a business date that is not YYYY-MM-DD before sending anything', async () => {
    await expect(readFiscalClose({ address: '10.0.0.9', businessDate: '12/06/2026' })).rejects.toThrow(RangeError);
  });
});

describe('the XML and amount helpers', () => {
  it('escapes request values', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
    expect(xmlElement('displayText', { operator: '1', data: 'Caffè "Rossi" & <figli>' })).toBe(
      '<displayText operator="1" data="Caffè &quot;Rossi&quot; &amp; &lt;figli&gt;" />',
    );
  });

  it('reads Italian amounts into exact cents', () => {
    expect(parseItalianAmount('1.234,56')).toBe(123_456);
    expect(parseItalianAmount('176,40')).toBe(17_640);
    expect(parseItalianAmount('0,07')).toBe(7);
    expect(parseItalianAmount('1234567,89')).toBe(123_456_789);
    expect(parseItalianAmount('12.345.678,90')).toBe(1_234_567_890);
    expect(parseItalianAmount('-3,10')).toBe(-310);
    expect(parseItalianAmount('-0,00')).toBe(0);
    for (const bad of ['', '1,2', '1.23,45', '12.3456,00', '1,234.56', '1 234,56', 'abc', '99999999999999999,99'])
      expect(parseItalianAmount(bad), bad).toBeUndefined();
  });
});

describe('the demo closes', () => {
  it('are the same for the same day, add up, and do not exist for today', () => {
    const close = demoFiscalClose('2025-03-10');
    expect(close).toEqual(demoFiscalClose('2025-03-10'));
    expect(close).not.toEqual(demoFiscalClose('2025-03-11'));
    const vatTotal = close?.vatBreakdown.reduce((sum, group) => sum + group.taxableCents + group.taxCents, 0);
    expect(vatTotal).toBe(close?.totalCents);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(demoFiscalClose(today)).toBeNull();
  });
});
