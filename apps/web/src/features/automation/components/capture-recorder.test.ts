import { maxCaptureMinutes, maxVideoBytes } from '@bottega/contracts/automation';
import { describe, expect, it } from 'vitest';
import {
  captureProblemOf,
  captureSupport,
  containerOf,
  pickRecorderMimeType,
  recorderBitRates,
  supportProblem,
} from './capture-recorder';

describe('recording in the browser', () => {
  it('asks for VP9, then VP8, then any WebM, then MP4', () => {
    const only =
      (...types: string[]) =>
      (type: string) =>
        types.includes(type);
    expect(pickRecorderMimeType(only('video/webm', 'video/webm;codecs=vp9,opus'))).toBe('video/webm;codecs=vp9,opus');
    expect(pickRecorderMimeType(only('video/webm', 'video/webm;codecs=vp8,opus'))).toBe('video/webm;codecs=vp8,opus');
    expect(pickRecorderMimeType(only('video/mp4', 'video/webm'))).toBe('video/webm');
    expect(pickRecorderMimeType(only('video/mp4'))).toBe('video/mp4');
    expect(pickRecorderMimeType(only())).toBeNull();
    expect(pickRecorderMimeType(undefined)).toBeNull();
    expect(
      pickRecorderMimeType((type) => {
        if (type.includes('vp9')) throw new Error('unknown codec');
        return true;
      }),
    ).toBe('video/webm;codecs=vp8,opus');
  });

  it('uploads a recording as WebM or MP4, its codecs left out', () => {
    expect(containerOf('video/webm;codecs=vp9,opus')).toBe('video/webm');
    expect(containerOf('video/mp4;codecs=avc1')).toBe('video/mp4');
    expect(containerOf('')).toBe('video/webm');
  });

  it('keeps the longest clip under the size the library takes', () => {
    const bits = (recorderBitRates.videoBitsPerSecond + recorderBitRates.audioBitsPerSecond) * maxCaptureMinutes * 60;
    expect(bits / 8).toBeLessThan(maxVideoBytes * 0.9);
  });

  it("words the browser's refusals", () => {
    expect(captureProblemOf({ name: 'NotAllowedError' })).toBe('permissionDenied');
    expect(captureProblemOf({ name: 'NotFoundError' })).toBe('noDevice');
    expect(captureProblemOf({ name: 'OverconstrainedError' })).toBe('noDevice');
    expect(captureProblemOf({ name: 'NotReadableError' })).toBe('deviceBusy');
    expect(captureProblemOf(new TypeError('x'))).toBe('failed');
    expect(captureProblemOf(null)).toBe('failed');
  });

  it('says what keeps a browser from recording at all', () => {
    const devices = { getUserMedia: () => undefined, getDisplayMedia: () => undefined };
    const full = captureSupport({
      isSecureContext: true,
      navigator: { mediaDevices: devices },
      MediaRecorder: class {},
    });
    expect(full).toEqual({ secure: true, camera: true, screen: true, recorder: true });
    expect(supportProblem(full)).toBeNull();
    expect(supportProblem({ ...full, secure: false })).toBe('insecure');
    expect(supportProblem(captureSupport({ navigator: { mediaDevices: devices } }))).toBe('unsupported');
    expect(supportProblem(captureSupport({ navigator: {}, MediaRecorder: class {} }))).toBe('unsupported');
    expect(supportProblem({ ...full, screen: false })).toBeNull();
  });
});
