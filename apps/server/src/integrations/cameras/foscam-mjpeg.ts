// The older Foscam MJPEG cameras (FI89xx, "IP Camera CGI SDK"): snapshot.cgi for a picture, videostream.cgi for the
// MJPEG stream and get_status.cgi for the health check, each with user and pwd in the query. They answer with HTTP
// statuses rather than result codes: 401 for refused credentials, 403 for a user without the right.
import {
  type CameraAdapter,
  type CameraConnection,
  cameraRequest,
  cameraUrl,
  outcomeOfStatus,
  pictureOf,
  streamOf,
} from './camera-adapter';

export const foscamMjpegPaths = {
  snapshot: '/snapshot.cgi',
  stream: '/videostream.cgi',
  status: '/get_status.cgi',
} as const;

function credentials(camera: CameraConnection): Record<string, string> {
  return { user: camera.username, pwd: camera.password };
}

export const foscamMjpegAdapter: CameraAdapter = {
  async snapshot(camera, options) {
    const answer = await cameraRequest(cameraUrl(camera.link, foscamMjpegPaths.snapshot, credentials(camera)), options);
    return pictureOf(answer, options.timeoutMs);
  },

  async check(camera, options) {
    const answer = await cameraRequest(cameraUrl(camera.link, foscamMjpegPaths.status, credentials(camera)), options);
    if (answer.outcome !== 'ok') return answer.outcome;
    await answer.response.body?.cancel();
    return outcomeOfStatus(answer.response.status);
  },

  async stream(camera, options) {
    // resolution 32 is 640×480; rate 0 the camera's fastest.
    const url = cameraUrl(camera.link, foscamMjpegPaths.stream, {
      ...credentials(camera),
      resolution: '32',
      rate: '0',
    });
    return streamOf(await cameraRequest(url, options));
  },
};
