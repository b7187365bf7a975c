// The business clock: what "now" is for rules that depend on the day and the hour (closing a cash day, the
// weekly cash from Sunday evening, the demo's simulated sales). The machine's time unless CLOCK_START shifts it.
import type { Config } from '../config';

export function currentTime(config: Pick<Config, 'clockOffsetMs'>): Date {
  return new Date(Date.now() + config.clockOffsetMs);
}
