// Foscam HD cameras (the "Foscam IPCamera CGI User Guide"): every command is a GET of /cgi-bin/CGIProxy.fcgi with
// cmd, usr and pwd; it answers XML, <CGI_Result><result>0</result>…</CGI_Result>, whose result code is one of the
// eight outcomes, or the JPEG itself for snapPicture2. The live picture is the MJPEG sub-stream of
// /cgi-bin/CGIStream.cgi?cmd=GetMJStream. A recorder with several inputs takes the input as `channel`.
import { type CameraOutcome, cameraOutcomeOfResult } from '@bottega/contracts/cameras';
import {
  type CameraAdapter,
  type CameraConnection,
  cameraRequest,
  cameraUrl,
  isJpeg,
  outcomeOfStatus,
  readBody,
  streamOf,
} from './camera-adapter';

export const foscamHdPaths = { proxy: '/cgi-bin/CGIProxy.fcgi', stream: '/cgi-bin/CGIStream.cgi' } as const;

function commandUrl(camera: CameraConnection, path: string, cmd: string): URL {
  return cameraUrl(camera.link, path, {
    cmd,
    usr: camera.username,
    pwd: camera.password,
    ...(camera.channel === null ? {} : { channel: String(camera.channel) }),
  });
}

/** The result code of a CGI_Result answer; null when the text is no such answer. */
export function foscamResultCode(xml: string): number | null {
  const match = /<result>\s*(-?\d+)\s*<\/result>/i.exec(xml);
  return match ? Number(match[1]) : null;
}

function outcomeOfXml(bytes: Uint8Array): CameraOutcome {
  const code = foscamResultCode(new TextDecoder().decode(bytes.subarray(0, 4096)));
  return code === null ? 'unknownError' : cameraOutcomeOfResult(code);
}

export const foscamHdAdapter: CameraAdapter = {
  async snapshot(camera, options) {
    const answer = await cameraRequest(commandUrl(camera, foscamHdPaths.proxy, 'snapPicture2'), options);
    if (answer.outcome !== 'ok') return answer;
    const status = outcomeOfStatus(answer.response.status);
    if (status !== 'ok') {
      await answer.response.body?.cancel();
      return { outcome: status };
    }
    const bytes = await readBody(answer.response, options.timeoutMs);
    if (bytes === null) return { outcome: 'timeout' };
    if (isJpeg(bytes)) return { outcome: 'ok', jpeg: bytes };
    // An XML result instead of a picture: result 0 without a picture is still no picture.
    const outcome = outcomeOfXml(bytes);
    return { outcome: outcome === 'ok' ? 'unknownError' : outcome };
  },

  async check(camera, options) {
    const answer = await cameraRequest(commandUrl(camera, foscamHdPaths.proxy, 'getDevState'), options);
    if (answer.outcome !== 'ok') return answer.outcome;
    const status = outcomeOfStatus(answer.response.status);
    if (status !== 'ok') {
      await answer.response.body?.cancel();
      return status;
    }
    const bytes = await readBody(answer.response, options.timeoutMs);
    return bytes === null ? 'timeout' : outcomeOfXml(bytes);
  },

  async stream(camera, options) {
    const answer = await cameraRequest(commandUrl(camera, foscamHdPaths.stream, 'GetMJStream'), options);
    if (answer.outcome !== 'ok') return answer;
    // A refused command answers XML, not a stream.
    if ((answer.response.headers.get('content-type') ?? '').includes('xml')) {
      const bytes = await readBody(answer.response, options.timeoutMs);
      const outcome = bytes === null ? 'timeout' : outcomeOfXml(bytes);
      return { outcome: outcome === 'ok' ? 'unknownError' : outcome };
    }
    return streamOf(answer);
  },
};
