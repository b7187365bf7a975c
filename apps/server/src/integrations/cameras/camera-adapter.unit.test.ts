// The adapters' reading of a camera's answers: HTTP statuses and Foscam's XML as the eight outcomes, and the
// addresses asked — on the camera's own host and port, whatever path its link holds.
import { describe, expect, it } from 'vitest';
import { cameraUrl, outcomeOfStatus } from './camera-adapter';
import { foscamResultCode } from './foscam-hd';

describe('outcomeOfStatus', () => {
  it('maps the statuses of cameras that answer in HTTP', () => {
    expect([200, 401, 403, 404, 400, 500, 503, 504, 302, 418].map(outcomeOfStatus)).toEqual([
      'ok',
      'wrongCredentials',
      'accessDenied',
      'wrongCgiFormat',
      'wrongCgiFormat',
      'cgiFailed',
      'cgiFailed',
      'timeout',
      'unknownError',
      'unknownError',
    ]);
  });
});

describe('foscamResultCode', () => {
  it('reads the result of a CGI_Result answer', () => {
    expect(foscamResultCode('<CGI_Result>\n  <result>-2</result>\n</CGI_Result>')).toBe(-2);
    expect(foscamResultCode('<CGI_Result><result>0</result><IOAlarm>0</IOAlarm></CGI_Result>')).toBe(0);
    expect(foscamResultCode('<html>Not found</html>')).toBeNull();
  });
});

describe('cameraUrl', () => {
  it('keeps the saved scheme, host and port and sets the type’s own path and parameters', () => {
    const url = cameraUrl('https://10.0.0.5:8443', '/cgi-bin/CGIProxy.fcgi', { cmd: 'snapPicture2', pwd: 'a&b c' });
    expect(url.href).toBe('https://10.0.0.5:8443/cgi-bin/CGIProxy.fcgi?cmd=snapPicture2&pwd=a%26b+c');
  });
});
