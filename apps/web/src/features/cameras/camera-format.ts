// How the camera screens word a camera's state, a check's outcome, a viewing's length and a picture's time.
import {
  type CameraOutcome,
  type CameraState,
  type CameraType,
  type CameraViewing,
  cameraFailureErrors,
  cameraTypesWithCgi,
} from '@bottega/contracts/cameras';
import type { MantineColor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { currentLanguage } from '../../lib/i18n';

export const cameraStateColors: Record<CameraState, MantineColor> = {
  online: 'green',
  offline: 'red',
  unknown: 'gray',
};

/** The locale key telling what a check found: "contacted correctly", or the §8 message of the failure. */
export function outcomeMessageKey(outcome: CameraOutcome): string {
  return outcome === 'ok' ? 'cameras:outcome.ok' : `errors:${cameraFailureErrors[outcome]}`;
}

const cameraErrorCodes: readonly string[] = [...Object.values(cameraFailureErrors), 'cameraViewersFull'];

/** Why a picture or the live stream did not come: the §8 message of the camera's error, else the usual message. */
export function cameraErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && cameraErrorCodes.includes(error.code)) return t(`errors:${error.code}`);
  return errorMessage(error, t) ?? '';
}

/** Foscam types are reached at scheme://host:port; the generic ones at the whole address of the picture or stream. */
export function wantsHostOnly(type: CameraType): boolean {
  return cameraTypesWithCgi.includes(type);
}

const clock = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant's time on Italian time with its seconds, HH:MM:SS: when a picture was taken, a check was made. */
export function formatClockTime(instant: Date | string | number): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : clock.format(date);
}

/** Whole seconds between a viewing's start and end (never negative). */
export function viewingSeconds(viewing: Pick<CameraViewing, 'startedAt' | 'endedAt'>): number {
  return Math.max(0, Math.round((Date.parse(viewing.endedAt) - Date.parse(viewing.startedAt)) / 1000));
}

type DurationFormat = { format: (duration: { hours?: number; minutes?: number; seconds?: number }) => string };
type DurationFormatConstructor = new (lng: string, options: object) => DurationFormat;

/**
 * A viewing's length in the reader's language, down to the second ("12 min e 5 s", "12 min, 5 sec"): Intl.DurationFormat
 * where the browser has it, else "12 min 5 s". lib/format-duration's formatMinutes stops at minutes.
 */
export function formatViewingDuration(seconds: number, lng: string = currentLanguage()): string {
  const whole = Math.max(0, Math.round(seconds));
  const parts = { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
  const Duration = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
  if (Duration) {
    return new Duration(lng, { style: 'short', ...(whole === 0 ? { secondsDisplay: 'always' } : {}) }).format({
      hours: parts.hours || undefined,
      minutes: parts.minutes || undefined,
      seconds: parts.seconds || (whole === 0 ? 0 : undefined),
    });
  }
  const written = [
    parts.hours ? `${parts.hours} h` : '',
    parts.minutes ? `${parts.minutes} min` : '',
    parts.seconds || whole === 0 ? `${parts.seconds} s` : '',
  ];
  return written.filter((part) => part !== '').join(' ');
}
