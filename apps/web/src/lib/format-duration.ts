// A length of time as every screen writes it, in the reader's language.
import { currentLanguage } from './i18n';

type DurationFormat = { format: (duration: { hours?: number; minutes?: number }) => string };
const durationFormats = new Map<string, DurationFormat>();

/**
 * Hours and minutes in the reader's language, short ("8h 30min", "8 س و30 د"): Intl.DurationFormat where the browser
 * has it, else "8 h 30".
 */
export function formatMinutes(minutes: number, lng: string = currentLanguage()): string {
  const sign = minutes < 0 ? '−' : '';
  const whole = Math.abs(Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const Duration = (Intl as unknown as { DurationFormat?: new (lng: string, options: object) => DurationFormat })
    .DurationFormat;
  if (Duration) {
    // Nothing at all still reads "0min": a zero unit is left out unless asked for.
    const key = `${lng}|${whole === 0}`;
    let format = durationFormats.get(key);
    if (!format) {
      format = new Duration(lng, { style: 'narrow', ...(whole === 0 ? { minutesDisplay: 'always' } : {}) });
      durationFormats.set(key, format);
    }
    return sign + format.format({ hours: hours || undefined, minutes: rest || (whole === 0 ? 0 : undefined) });
  }
  if (hours === 0) return `${sign}${rest} min`;
  return `${sign}${hours} h${rest ? ` ${String(rest).padStart(2, '0')}` : ''}`;
}
