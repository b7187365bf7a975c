// The server between the viewers and the cameras (issue 26). The browser never reaches a camera: it asks the server
// for a picture or a stream of a camera id, and the server asks the camera at its saved address. Pictures asked at
// the same time share one request to the camera; a camera's stream is opened once however many watch it (at most
// maxStreamViewersPerCamera per process) and each picture is passed on as it comes, never kept. A slow viewer skips
// pictures rather than making the others wait; a camera that stops sending ends its viewers' streams.

import { PassThrough } from 'node:stream';
import {
  type CameraFailure,
  type CameraOutcome,
  cameraStreamBoundary,
  maxStreamViewersPerCamera,
} from '@bottega/contracts/cameras';
import { createMjpegParser, mjpegPart } from '@bottega/contracts/mjpeg';
import { type CameraConnection, type CameraPicture, maxPictureBytes } from '../../integrations/cameras/camera-adapter';
import { cameraAdapters } from '../../integrations/cameras/cameras';

/** A camera that only gives pictures is asked again this long after each one, while someone watches. */
const pictureStreamIntervalMs = 500;
/** A viewer more than this far behind skips pictures until it catches up. */
const viewerBacklogBytes = 512 * 1024;

type Hub = {
  viewers: Set<PassThrough>;
  controller: AbortController;
  /** ok once the camera's stream (or first picture) came; the failure otherwise. */
  ready: Promise<CameraOutcome>;
};

export type JoinedStream =
  | { outcome: 'ok'; stream: PassThrough; leave: () => void }
  | { outcome: CameraFailure | 'full' };

export type CameraRelay = {
  /** One picture of the camera; asked together, asked once. */
  picture: (cameraId: number, connection: () => CameraConnection) => Promise<CameraPicture>;
  /** A viewer joins the camera's stream (opening it for the first one). */
  join: (cameraId: number, connection: () => CameraConnection) => Promise<JoinedStream>;
  /** How many watch each camera's stream now. */
  viewers: (cameraId: number) => number;
  close: () => void;
};

export function createCameraRelay(options: { timeoutMs: number }): CameraRelay {
  const { timeoutMs } = options;
  const pictures = new Map<number, Promise<CameraPicture>>();
  const hubs = new Map<number, Hub>();

  function broadcast(hub: Hub, jpeg: Uint8Array): void {
    const part = mjpegPart(cameraStreamBoundary, jpeg);
    for (const viewer of hub.viewers) {
      if (viewer.writableLength < viewerBacklogBytes) viewer.write(part);
    }
  }

  function shut(cameraId: number, hub: Hub): void {
    if (hubs.get(cameraId) === hub) hubs.delete(cameraId);
    hub.controller.abort();
    for (const viewer of hub.viewers) viewer.end();
    hub.viewers.clear();
  }

  /** Reads the camera's stream into the hub until it ends, stalls for longer than the timeout, or nobody watches. */
  async function pump(cameraId: number, hub: Hub, body: ReadableStream<Uint8Array>, boundary: string) {
    const reader = body.getReader();
    let stall = setTimeout(() => hub.controller.abort(), timeoutMs * 2);
    const parser = createMjpegParser({
      boundary,
      maxFrameBytes: maxPictureBytes,
      onFrame: (frame) => {
        clearTimeout(stall);
        stall = setTimeout(() => hub.controller.abort(), timeoutMs * 2);
        broadcast(hub, frame.bytes);
      },
    });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    } catch {
      // aborted (nobody watches, or the camera stalled) or a malformed stream: the viewers' streams end
    } finally {
      clearTimeout(stall);
      shut(cameraId, hub);
    }
  }

  /** A camera with no stream: its pictures one after the other, as a stream. */
  async function repeatPictures(cameraId: number, hub: Hub, connection: CameraConnection) {
    const { signal } = hub.controller;
    while (!signal.aborted) {
      await new Promise((resolve) => setTimeout(resolve, pictureStreamIntervalMs));
      if (signal.aborted) break;
      const picture = await cameraAdapters[connection.type].snapshot(connection, { timeoutMs, signal });
      if (picture.outcome !== 'ok') break;
      broadcast(hub, picture.jpeg);
    }
    shut(cameraId, hub);
  }

  function open(cameraId: number, connection: CameraConnection): Hub {
    const hub: Hub = { viewers: new Set(), controller: new AbortController(), ready: Promise.resolve('ok') };
    const { signal } = hub.controller;
    const adapter = cameraAdapters[connection.type];
    hub.ready = (async (): Promise<CameraOutcome> => {
      if (adapter.stream) {
        const opened = await adapter.stream(connection, { timeoutMs, signal });
        if (opened.outcome !== 'ok') {
          shut(cameraId, hub);
          return opened.outcome;
        }
        void pump(cameraId, hub, opened.body, opened.boundary);
        return 'ok';
      }
      const first = await adapter.snapshot(connection, { timeoutMs, signal });
      if (first.outcome !== 'ok') {
        shut(cameraId, hub);
        return first.outcome;
      }
      queueMicrotask(() => broadcast(hub, first.jpeg));
      void repeatPictures(cameraId, hub, connection);
      return 'ok';
    })();
    return hub;
  }

  return {
    picture(cameraId, connection) {
      const pending = pictures.get(cameraId);
      if (pending) return pending;
      const asked = connection();
      const picture = cameraAdapters[asked.type]
        .snapshot(asked, { timeoutMs })
        .finally(() => pictures.delete(cameraId));
      pictures.set(cameraId, picture);
      return picture;
    },

    async join(cameraId, connection) {
      let hub = hubs.get(cameraId);
      if (hub && hub.viewers.size >= maxStreamViewersPerCamera) return { outcome: 'full' };
      if (!hub) {
        hub = open(cameraId, connection());
        hubs.set(cameraId, hub);
      }
      const stream = new PassThrough();
      // Counted before the camera answers, so viewers arriving together cannot pass the cap.
      hub.viewers.add(stream);
      const outcome = await hub.ready;
      if (outcome !== 'ok') {
        hub.viewers.delete(stream);
        return { outcome };
      }
      const joined = hub;
      return {
        outcome: 'ok',
        stream,
        leave() {
          joined.viewers.delete(stream);
          stream.end();
          if (joined.viewers.size === 0) shut(cameraId, joined);
        },
      };
    },

    viewers: (cameraId) => hubs.get(cameraId)?.viewers.size ?? 0,

    close() {
      for (const [cameraId, hub] of hubs) shut(cameraId, hub);
    },
  };
}
