// XML from outside (an uploaded corrispettivi file or bank statement, a printer's answer, a request to the
// simulator) may not declare a DOCTYPE or entities: they could expand without end ("billion laughs") or name outside
// resources, and no document the fiscal printers, the tax office or the banks exchange with us has one. Checked
// before any parser runs.
const doctypeOrEntity = /<!\s*(DOCTYPE|ENTITY)/i;

export function declaresDoctype(xml: string): boolean {
  return doctypeOrEntity.test(xml);
}
