import { formatDate } from '../lib/format-date';

/** A period as DD/MM/YYYY – DD/MM/YYYY, running left to right in Arabic too, isolated from the text around it. */
export function DateRange(props: { from: string; to: string }) {
  return (
    <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>{`${formatDate(props.from)} – ${formatDate(props.to)}`}</span>
  );
}
