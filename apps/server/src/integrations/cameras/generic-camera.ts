// Any camera with a fixed address for a JPEG snapshot or an MJPEG stream (most IP cameras and recorders have one):
// the saved link is that address, credentials go as HTTP Basic. A snapshot camera has no stream (the relay asks
// for pictures one after the other); a stream camera's picture is the first frame of its stream.
import { createMjpegParser } from '@bottega/contracts/mjpeg';
import {
  basicAuthorization,
  type CameraAdapter,
  type CameraConnection,
  type CameraPicture,
  type CameraRequestOptions,
  type CameraStream,
  cameraRequest,
  maxPictureBytes,
  pictureOf,
  streamOf,
} from './camera-adapter';

function request(camera: CameraConnection, options: CameraRequestOptions) {
  return cameraRequest(new URL(camera.link), { ...options, headers: basicAuthorization(camera) });
}

export const genericSnapshotAdapter: CameraAdapter = {
  async snapshot(camera, options) {
    return pictureOf(await request(camera, options), options.timeoutMs);
  },
  async check(camera, options) {
    return (await genericSnapshotAdapter.snapshot(camera, options)).outcome;
  },
};

async function openStream(camera: CameraConnection, options: CameraRequestOptions): Promise<CameraStream> {
  return streamOf(await request(camera, options));
}

/** The first whole picture of a stream, read before the timeout. */
async function firstFrame(camera: CameraConnection, options: CameraRequestOptions): Promise<CameraPicture> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const opened = await openStream(camera, { ...options, signal });
  if (opened.outcome !== 'ok') return opened;
  let picture: Uint8Array | null = null;
  const parser = createMjpegParser({
    boundary: opened.boundary,
    maxFrameBytes: maxPictureBytes,
    onFrame: (frame) => {
      picture ??= frame.bytes;
    },
  });
  const reader = opened.body.getReader();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    while (picture === null) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
    }
  } catch {
    // aborted by the timeout, or a malformed stream
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return picture === null ? { outcome: 'timeout' } : { outcome: 'ok', jpeg: picture };
}

export const genericMjpegAdapter: CameraAdapter = {
  snapshot: firstFrame,
  async check(camera, options) {
    return (await firstFrame(camera, options)).outcome;
  },
  stream: openStream,
};
