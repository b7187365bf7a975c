// An MJPEG stream (`multipart/x-mixed-replace`) cut into its JPEG pictures, chunk by chunk as they arrive. The server
// reads cameras' streams with it and the viewer reads the server's relay with it (the browser's fetch carries the
// session's bearer token, which an <img src> cannot). Parts with a Content-Length are cut by it; cameras that send
// none are cut at the next boundary.

const encoder = new TextEncoder();
const decoder = new TextDecoder('latin1');
const headerEnd = encoder.encode('\r\n\r\n');

/** The boundary of a `multipart/x-mixed-replace; boundary=…` content type, without the leading dashes. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  const match = /boundary="?([^";]+)"?/i.exec(contentType ?? '');
  return match?.[1] ? match[1].replace(/^--/, '') : null;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  outer: for (let index = haystack.indexOf(first as number, from); index !== -1 && index <= last; ) {
    for (let offset = 1; offset < needle.length; offset++) {
      if (haystack[index + offset] !== needle[offset]) {
        index = haystack.indexOf(first as number, index + 1);
        continue outer;
      }
    }
    return index;
  }
  return -1;
}

export type MjpegFrame = { bytes: Uint8Array; headers: Record<string, string> };

/** Feed it the stream's chunks; it calls `onFrame` with each whole picture. A part bigger than `maxFrameBytes` throws. */
export function createMjpegParser(options: {
  boundary: string;
  onFrame: (frame: MjpegFrame) => void;
  maxFrameBytes?: number;
}): { push: (chunk: Uint8Array) => void } {
  const delimiter = encoder.encode(`--${options.boundary}`);
  const maxFrameBytes = options.maxFrameBytes ?? 8 * 1024 * 1024;
  let buffer = new Uint8Array(0);

  function take(): boolean {
    const start = indexOfBytes(buffer, delimiter, 0);
    if (start === -1) {
      // Keep only what could still be the start of a delimiter.
      if (buffer.length > delimiter.length) buffer = buffer.slice(buffer.length - delimiter.length);
      return false;
    }
    const headersStart = start + delimiter.length;
    const headersStop = indexOfBytes(buffer, headerEnd, headersStart);
    if (headersStop === -1) {
      if (buffer.length - start > 16 * 1024) throw new Error('mjpeg part headers too long');
      return false;
    }
    const headers: Record<string, string> = {};
    for (const line of decoder.decode(buffer.subarray(headersStart, headersStop)).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = headersStop + headerEnd.length;
    const declared = Number(headers['content-length']);
    let bodyStop: number;
    let next: number;
    if (Number.isInteger(declared) && declared >= 0) {
      if (declared > maxFrameBytes) throw new Error('mjpeg part too large');
      if (buffer.length < bodyStart + declared) return false;
      bodyStop = bodyStart + declared;
      next = bodyStop;
    } else {
      const following = indexOfBytes(buffer, delimiter, bodyStart);
      if (following === -1) {
        if (buffer.length - bodyStart > maxFrameBytes) throw new Error('mjpeg part too large');
        return false;
      }
      bodyStop = following;
      // The CRLF before the next delimiter belongs to the delimiter.
      while (bodyStop > bodyStart && (buffer[bodyStop - 1] === 0x0a || buffer[bodyStop - 1] === 0x0d)) bodyStop--;
      next = following;
    }
    const bytes = buffer.slice(bodyStart, bodyStop);
    buffer = buffer.slice(next);
    options.onFrame({ bytes, headers });
    return true;
  }

  return {
    push(chunk) {
      const joined = new Uint8Array(buffer.length + chunk.length);
      joined.set(buffer);
      joined.set(chunk, buffer.length);
      buffer = joined;
      while (take()) {
        // each pass cuts one picture
      }
    },
  };
}

/** One picture as a part of the server's relay, Content-Length first so readers never scan for the boundary. */
export function mjpegPart(boundary: string, jpeg: Uint8Array): Uint8Array {
  const head = encoder.encode(`--${boundary}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`);
  const part = new Uint8Array(head.length + jpeg.length + 2);
  part.set(head);
  part.set(jpeg, head.length);
  part.set([0x0d, 0x0a], head.length + jpeg.length);
  return part;
}
