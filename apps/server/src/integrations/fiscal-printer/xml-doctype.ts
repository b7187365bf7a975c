// XML from outside (an uploaded corrispettivi file, a printer's answer, a request to the simulator) may not
// declare a DOCTYPE or entities: they could expand without end ("billion laughs") or name outside resources,
// and no document the fiscal printers and the tax office exchange has one. Checked before any parser runs.
const doctypeOrEntity = /<!\s*(DOCTYPE|ENTITY)/i;

export function declaresDoctype(xml: string): boolean {
  return doctypeOrEntity.test(xml);
}
