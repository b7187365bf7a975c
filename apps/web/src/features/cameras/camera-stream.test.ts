import { cameraStreamBoundary } from '@bottega/contracts/cameras';
import { mjpegPart } from '@bottega/contracts/mjpeg';
import { describe, expect, it } from 'vitest';
import { readMjpegStream } from './camera-stream';

const jpeg = (seed: number) => Uint8Array.from({ length: 300 + seed }, (_, index) => (index * 7 + seed) % 256);

/** A body delivering `bytes` in chunks of `size`, then closing (or staying open when `open`). */
function bodyOf(bytes: Uint8Array, size: number, open = false): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        if (!open) controller.close();
        return new Promise(() => undefined);
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

describe('readMjpegStream', () => {
  it('hands over every picture of the relay as a JPEG blob, however the chunks cut it', async () => {
    const pictures = [jpeg(1), jpeg(2), jpeg(3)];
    const stream = joined(pictures.map((picture) => mjpegPart(cameraStreamBoundary, picture)));
    for (const size of [1, 17, 4096]) {
      const frames: Blob[] = [];
      await readMjpegStream(bodyOf(stream, size), cameraStreamBoundary, (frame) => frames.push(frame));
      expect(frames.map((frame) => frame.type)).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg']);
      const bytes = await Promise.all(frames.map(async (frame) => new Uint8Array(await frame.arrayBuffer())));
      expect(bytes).toEqual(pictures);
    }
  });

  it('stops without error when the viewer leaves (the fetch aborted)', async () => {
    const controller = new AbortController();
    const frames: Blob[] = [];
    const reading = readMjpegStream(
      bodyOf(mjpegPart(cameraStreamBoundary, jpeg(4)), 64, true),
      cameraStreamBoundary,
      (frame) => {
        frames.push(frame);
        controller.abort();
      },
      controller.signal,
    );
    await expect(reading).resolves.toBeUndefined();
    expect(frames).toHaveLength(1);
  });
});
