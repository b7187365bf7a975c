// A local stand-in for a shop's IP cameras: a real HTTP server answering as a Foscam HD (CGIProxy.fcgi,
// CGIStream.cgi), an older Foscam MJPEG (snapshot.cgi, videostream.cgi, get_status.cgi) and a generic camera
// (/generic/snapshot.jpg, /generic/stream.mjpg with HTTP Basic), so the demo, the tests and the benchmark watch
// cameras with no camera and no network. Several cameras share it, told apart by their user name; each draws its
// name and the time on a picture that changes every second, and can be put in a mode answering each of the eight
// outcomes ('timeout' never answers). It records every request, so tests can check what the server asked.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CameraOutcome, cameraOutcomes } from '@bottega/contracts/cameras';
import sharp from 'sharp';

export type SimulatedCamera = { name: string; username: string; password: string };

export type ReceivedCameraRequest = { method: string; path: string; query: Record<string, string> };

export type CameraSimulator = {
  /** http://127.0.0.1:port — a Foscam camera's link; generic cameras are at its /generic/… paths. */
  url: string;
  requests: ReceivedCameraRequest[];
  /** How the camera with this user answers from now on. */
  setMode(username: string, mode: CameraOutcome): void;
  /** How many MJPEG streams are open right now. */
  openStreams(): number;
  close(): Promise<void>;
};

/** Pictures a second on a stream. */
const defaultFramesPerSecond = 5;
const width = 640;
const height = 360;
const streamBoundary = 'foscamframe';

/** The mark the benchmark reads back from a relayed picture: when the simulator sent it. */
export const sentAtComment = 'bottega-simulator-sent-at=';

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function hueOf(name: string): number {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) % 360;
  return hash;
}

const wallClock = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** One second's picture of a camera: its colour, a bar crossing it, its name and the time. */
async function drawFrame(camera: SimulatedCamera, second: number): Promise<Uint8Array> {
  const hue = hueOf(camera.name);
  const barX = ((second % 20) / 20) * width;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},35%,22%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},40%,38%)"/>
</linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect x="${barX}" y="0" width="24" height="${height}" fill="hsl(${hue},60%,70%)" opacity="0.35"/>
<text x="24" y="52" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#fff">${escapeXml(camera.name)}</text>
<text x="24" y="${height - 28}" font-family="DejaVu Sans Mono, monospace" font-size="34" fill="#fff">${wallClock.format(second * 1000)}</text>
<circle cx="${width - 36}" cy="40" r="10" fill="#e03131"/>
</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer());
}

/** The picture with a comment segment (FF FE) saying when it was sent, right after the start marker. */
function withSentAt(jpeg: Uint8Array, sentAt: number): Uint8Array {
  const text = new TextEncoder().encode(`${sentAtComment}${sentAt}`);
  const segment = new Uint8Array(4 + text.length);
  segment.set([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]);
  segment.set(text, 4);
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2));
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

/** Foscam's result code of each outcome. */
function resultCode(outcome: CameraOutcome): number {
  return -cameraOutcomes.indexOf(outcome);
}

/** How an HTTP-speaking camera (older Foscam, generic) shows each failure. */
const failureStatus: Record<Exclude<CameraOutcome, 'ok' | 'timeout'>, number> = {
  wrongCgiFormat: 404,
  wrongCredentials: 401,
  accessDenied: 403,
  cgiFailed: 500,
  reserve: 503,
  unknownError: 418,
};

export async function startCameraSimulator(options: {
  cameras: SimulatedCamera[];
  port?: number;
  framesPerSecond?: number;
}): Promise<CameraSimulator> {
  const cameras = new Map(options.cameras.map((camera) => [camera.username, camera]));
  const modes = new Map<string, CameraOutcome>();
  const requests: ReceivedCameraRequest[] = [];
  const frames = new Map<string, { second: number; picture: Promise<Uint8Array> }>();
  const held = new Set<ServerResponse>();
  const streams = new Set<ServerResponse>();
  const interval = 1000 / (options.framesPerSecond ?? defaultFramesPerSecond);

  function pictureOf(camera: SimulatedCamera): Promise<Uint8Array> {
    const second = Math.floor(Date.now() / 1000);
    const cached = frames.get(camera.username);
    if (cached && cached.second === second) return cached.picture;
    const picture = drawFrame(camera, second);
    frames.set(camera.username, { second, picture });
    return picture;
  }

  /** The camera these credentials open, or why not. */
  function authenticate(username: string | undefined, password: string | undefined) {
    const camera = username === undefined ? undefined : cameras.get(username);
    if (!camera || camera.password !== password) return { outcome: 'wrongCredentials' as const };
    return { outcome: modes.get(camera.username) ?? 'ok', camera };
  }

  function hold(response: ServerResponse): void {
    held.add(response);
    response.on('close', () => held.delete(response));
  }

  function cgiResult(response: ServerResponse, code: number, extra = ''): void {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`<CGI_Result>\n    <result>${code}</result>\n${extra}</CGI_Result>\n`);
  }

  async function sendPicture(response: ServerResponse, camera: SimulatedCamera): Promise<void> {
    const picture = withSentAt(await pictureOf(camera), Date.now());
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(picture.length) });
    response.end(picture);
  }

  function sendStream(response: ServerResponse, camera: SimulatedCamera): void {
    response.writeHead(200, {
      'content-type': `multipart/x-mixed-replace;boundary=${streamBoundary}`,
      'cache-control': 'no-cache',
    });
    streams.add(response);
    let writing = false;
    const timer = setInterval(async () => {
      // A slow reader skips pictures rather than piling them up, as a camera does.
      if (writing || response.writableNeedDrain) return;
      writing = true;
      try {
        const picture = withSentAt(await pictureOf(camera), Date.now());
        if (response.destroyed) return;
        // Like the Foscam firmware, a part names its length.
        response.write(`--${streamBoundary}\r\nContent-Type: image/jpeg\r\nContent-Length: ${picture.length}\r\n\r\n`);
        response.write(picture);
        response.write('\r\n');
      } finally {
        writing = false;
      }
    }, interval);
    response.on('close', () => {
      clearInterval(timer);
      streams.delete(response);
    });
  }

  async function foscamHd(path: string, query: Record<string, string>, response: ServerResponse): Promise<void> {
    const { outcome, camera } = authenticate(query.usr, query.pwd);
    if (outcome === 'timeout') return hold(response);
    if (outcome !== 'ok' || !camera) return cgiResult(response, resultCode(outcome));
    if (path === '/cgi-bin/CGIProxy.fcgi' && query.cmd === 'snapPicture2') return sendPicture(response, camera);
    if (path === '/cgi-bin/CGIProxy.fcgi' && query.cmd === 'getDevState') {
      return cgiResult(response, 0, '    <IOAlarm>0</IOAlarm>\n    <motionDetectAlarm>1</motionDetectAlarm>\n');
    }
    if (path === '/cgi-bin/CGIStream.cgi' && query.cmd === 'GetMJStream') return sendStream(response, camera);
    return cgiResult(response, resultCode('wrongCgiFormat'));
  }

  function httpCamera(
    credentials: { username?: string; password?: string },
    response: ServerResponse,
    answer: (camera: SimulatedCamera) => Promise<void> | void,
  ): Promise<void> | void {
    const { outcome, camera } = authenticate(credentials.username, credentials.password);
    if (outcome === 'timeout') return hold(response);
    if (outcome !== 'ok') {
      response.writeHead(failureStatus[outcome], { 'content-type': 'text/html' });
      response.end(`<html><body>${failureStatus[outcome]}</body></html>`);
      return;
    }
    return answer(camera as SimulatedCamera);
  }

  function basicCredentials(request: IncomingMessage): { username?: string; password?: string } {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return {};
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://camera');
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname;
    const control = /^\/simulator\/cameras\/([^/]+)\/mode$/.exec(path);
    if (control && request.method === 'POST') {
      const mode = cameraOutcomes.find((outcome) => outcome === query.mode);
      const username = decodeURIComponent(control[1] as string);
      if (!mode || !cameras.has(username)) {
        response.writeHead(404).end();
        return;
      }
      modes.set(username, mode);
      response.writeHead(204).end();
      return;
    }
    requests.push({ method: request.method ?? 'GET', path, query });
    if (request.method !== 'GET') {
      response.writeHead(405).end();
      return;
    }
    if (path.startsWith('/cgi-bin/')) return foscamHd(path, query, response);
    const mjpegCredentials = { username: query.user, password: query.pwd };
    if (path === '/snapshot.cgi')
      return httpCamera(mjpegCredentials, response, (camera) => sendPicture(response, camera));
    if (path === '/videostream.cgi')
      return httpCamera(mjpegCredentials, response, (camera) => sendStream(response, camera));
    if (path === '/get_status.cgi') {
      return httpCamera(mjpegCredentials, response, () => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end("var id='000DC5D0A1B2';\nvar sys_ver='11.37.2.49';\nvar alarm_status=0;\n");
      });
    }
    if (path === '/generic/snapshot.jpg') {
      return httpCamera(basicCredentials(request), response, (camera) => sendPicture(response, camera));
    }
    if (path === '/generic/stream.mjpg') {
      return httpCamera(basicCredentials(request), response, (camera) => sendStream(response, camera));
    }
    response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>404</body></html>');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (username, mode) => modes.set(username, mode),
    openStreams: () => streams.size,
    async close() {
      for (const response of [...held, ...streams]) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
