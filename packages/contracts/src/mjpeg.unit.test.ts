// An MJPEG stream cut into its pictures however its bytes arrive: parts with a Content-Length, parts without one (cut
// at the next boundary), a boundary read from the content type, and a part too large refused.
import { describe, expect, it } from 'vitest';
import { createMjpegParser, type MjpegFrame, mjpegPart, multipartBoundary } from './mjpeg';

const encoder = new TextEncoder();
const jpeg = (fill: number, size = 40) => new Uint8Array([0xff, 0xd8, ...new Array(size).fill(fill), 0xff, 0xd9]);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Feeds `bytes` in chunks of `size` and answers the pictures. */
function cut(boundary: string, bytes: Uint8Array, size: number): MjpegFrame[] {
  const frames: MjpegFrame[] = [];
  const parser = createMjpegParser({ boundary, onFrame: (frame) => frames.push(frame) });
  for (let at = 0; at < bytes.length; at += size) parser.push(bytes.subarray(at, at + size));
  return frames;
}

describe('createMjpegParser', () => {
  it('cuts parts by their Content-Length, in chunks of any size', () => {
    const stream = concat([mjpegPart('frame', jpeg(1)), mjpegPart('frame', jpeg(2)), mjpegPart('frame', jpeg(3))]);
    for (const size of [1, 7, 64, stream.length]) {
      const frames = cut('frame', stream, size);
      expect(
        frames.map((frame) => frame.bytes[2]),
        `chunks of ${size}`,
      ).toEqual([1, 2, 3]);
      expect(frames[0]?.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('cuts parts without a length at the next boundary, the CRLF before it left out', () => {
    const part = (picture: Uint8Array) =>
      concat([encoder.encode('--cam\r\nContent-Type: image/jpeg\r\n\r\n'), picture, encoder.encode('\r\n')]);
    const stream = concat([part(jpeg(4)), part(jpeg(5)), encoder.encode('--cam\r\n')]);
    const frames = cut('cam', stream, 5);
    expect(frames.map((frame) => [...frame.bytes])).toEqual([[...jpeg(4)], [...jpeg(5)]]);
  });

  it('refuses a part larger than it may hold', () => {
    const parser = createMjpegParser({ boundary: 'frame', maxFrameBytes: 10, onFrame: () => undefined });
    expect(() => parser.push(mjpegPart('frame', jpeg(1, 100)))).toThrow(/too large/);
  });
});

describe('multipartBoundary', () => {
  it('reads the boundary with or without quotes and leading dashes', () => {
    expect(multipartBoundary('multipart/x-mixed-replace;boundary=foscamframe')).toBe('foscamframe');
    expect(multipartBoundary('multipart/x-mixed-replace; boundary="--myboundary"')).toBe('myboundary');
    expect(multipartBoundary('image/jpeg')).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });
});
