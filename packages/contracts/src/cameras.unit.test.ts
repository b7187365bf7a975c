// The cameras' rules: Foscam's result codes as the eight outcomes of §8, and where a camera may be reached.
import { describe, expect, it } from 'vitest';
import { cameraBodySchema, cameraLinkProblem, cameraOutcomeOfResult, cameraOutcomes } from './cameras';

describe('cameraOutcomeOfResult', () => {
  it('reads 0 … -7 as the eight outcomes in §8’s order, anything else as an unknown error', () => {
    expect([0, -1, -2, -3, -4, -5, -6, -7].map(cameraOutcomeOfResult)).toEqual([...cameraOutcomes]);
    for (const code of [1, -8, -100, 0.5, Number.NaN]) expect(cameraOutcomeOfResult(code)).toBe('unknownError');
  });
});

describe('cameraLinkProblem', () => {
  it('takes a Foscam at scheme://host:port only', () => {
    for (const link of ['http://192.168.1.20:88', 'https://cam.example.it', 'http://[fe80::1]:88/']) {
      expect(cameraLinkProblem('foscamHd', link), link).toBeNull();
    }
    for (const link of [
      'http://192.168.1.20:88/cgi-bin/CGIProxy.fcgi',
      'http://192.168.1.20:88/?cmd=reboot',
      'http://admin:secret@192.168.1.20:88',
      'http://192.168.1.20:88/#x',
      'ftp://192.168.1.20',
      'file:///etc/passwd',
      'javascript:alert(1)',
      '192.168.1.20:88',
    ]) {
      expect(cameraLinkProblem('foscamMjpeg', link), link).toBe('cameraAddress');
    }
  });

  it('takes a generic camera’s whole http(s) address, never with credentials in it', () => {
    expect(cameraLinkProblem('genericSnapshot', 'http://10.0.0.5/cgi-bin/snapshot.cgi?chn=1')).toBeNull();
    expect(cameraLinkProblem('genericMjpeg', 'https://nvr.local:8443/video.mjpg')).toBeNull();
    expect(cameraLinkProblem('genericMjpeg', 'http://user:pwd@10.0.0.5/video.mjpg')).toBe('cameraUrl');
    expect(cameraLinkProblem('genericSnapshot', 'rtsp://10.0.0.5/stream')).toBe('cameraUrl');
  });

  it('puts the problem on the link field of a camera', () => {
    const result = cameraBodySchema.safeParse({
      name: 'Ingresso',
      shopId: 1,
      type: 'foscamHd',
      link: 'http://10.0.0.5/snapshot.jpg',
      username: 'admin',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([{ path: ['link'], params: { rule: 'cameraAddress' } }]);
  });
});
