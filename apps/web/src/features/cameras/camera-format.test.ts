import { cameraOutcomes } from '@bottega/contracts/cameras';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  cameraErrorMessage,
  formatClockTime,
  formatViewingDuration,
  outcomeMessageKey,
  viewingSeconds,
} from './camera-format';

describe('camera texts', () => {
  it('words each outcome: contacted correctly, or the §8 message of its error', () => {
    expect(cameraOutcomes.map(outcomeMessageKey)).toEqual([
      'cameras:outcome.ok',
      'errors:cameraWrongCgiFormat',
      'errors:cameraWrongCredentials',
      'errors:cameraAccessDenied',
      'errors:cameraCgiFailed',
      'errors:cameraTimeout',
      'errors:cameraReserve',
      'errors:cameraUnknownError',
    ]);
  });

  it('tells a camera error by its code and any other failure as usual', () => {
    const t = ((key: string) => `[${key}]`) as never;
    expect(cameraErrorMessage(new ApiError(504, 'cameraTimeout', 'server words'), t)).toBe('[errors:cameraTimeout]');
    expect(cameraErrorMessage(new ApiError(429, 'cameraViewersFull', ''), t)).toBe('[errors:cameraViewersFull]');
    expect(cameraErrorMessage(new ApiError(0, 'network', ''), t)).toBe('[errors:network]');
  });

  it('shows a picture’s time on Italian time with its seconds', () => {
    expect(formatClockTime('2026-03-14T09:05:07Z')).toBe('10:05:07');
    expect(formatClockTime('2026-07-14T22:00:00Z')).toBe('00:00:00');
  });

  it('measures and words a viewing down to the second', () => {
    expect(viewingSeconds({ startedAt: '2026-03-14T09:00:00Z', endedAt: '2026-03-14T09:12:05Z' })).toBe(725);
    expect(viewingSeconds({ startedAt: '2026-03-14T09:00:05Z', endedAt: '2026-03-14T09:00:00Z' })).toBe(0);
    expect(formatViewingDuration(725, 'it')).toBe('12 min e 5 s');
    expect(formatViewingDuration(3725, 'en')).toBe('1 hr, 2 min, 5 sec');
    expect(formatViewingDuration(0, 'it')).toBe('0 s');
    expect(formatViewingDuration(60, 'it')).toBe('1 min');
  });
});
