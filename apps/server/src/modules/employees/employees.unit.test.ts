import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { formatBinarySize } from '../../platform/file-transfer';
import { inspectUpload } from './employees.service';

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
const pdf = new TextEncoder().encode('%PDF-1.7\n');

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
}

describe('inspectUpload', () => {
  it('accepts JPEG, PNG, WebP and PDF whose name and declared type agree with the content', () => {
    expect(inspectUpload({ bytes: jpeg, fileName: 'fronte.JPEG', declaredType: 'image/jpeg' })).toEqual({
      mimeType: 'image/jpeg',
      extension: 'jpg',
    });
    expect(inspectUpload({ bytes: jpeg, fileName: 'scan.jpg', declaredType: 'image/pjpeg' }).mimeType).toBe(
      'image/jpeg',
    );
    expect(inspectUpload({ bytes: png, fileName: 'retro.png', declaredType: 'image/png' }).mimeType).toBe('image/png');
    expect(inspectUpload({ bytes: webp, fileName: 'foto.webp', declaredType: '' }).mimeType).toBe('image/webp');
    expect(
      inspectUpload({ bytes: pdf, fileName: 'contratto', declaredType: 'application/octet-stream' }).mimeType,
    ).toBe('application/pdf');
  });

  it('refuses unknown content with fileTypeNotAllowed, whatever the name says', () => {
    const text = new TextEncoder().encode('ciao');
    expect(codeOf(() => inspectUpload({ bytes: text, fileName: 'nota.pdf', declaredType: 'application/pdf' }))).toBe(
      'fileTypeNotAllowed',
    );
    expect(codeOf(() => inspectUpload({ bytes: new Uint8Array(), fileName: 'vuoto.jpg', declaredType: '' }))).toBe(
      'fileTypeNotAllowed',
    );
  });

  it('refuses a name or a declared type that disagree with the content with fileContentMismatch', () => {
    expect(codeOf(() => inspectUpload({ bytes: png, fileName: 'carta.pdf', declaredType: 'image/png' }))).toBe(
      'fileContentMismatch',
    );
    expect(codeOf(() => inspectUpload({ bytes: png, fileName: 'carta.png.txt', declaredType: '' }))).toBe(
      'fileContentMismatch',
    );
    expect(codeOf(() => inspectUpload({ bytes: pdf, fileName: 'carta', declaredType: 'image/jpeg' }))).toBe(
      'fileContentMismatch',
    );
  });
});

describe('formatBinarySize', () => {
  it('writes binary units with a decimal comma', () => {
    expect(formatBinarySize(0)).toBe('0 B');
    expect(formatBinarySize(1023)).toBe('1023 B');
    expect(formatBinarySize(1536)).toBe('1,5 KiB');
    expect(formatBinarySize(64 * 1024)).toBe('64 KiB');
    expect(formatBinarySize(10 * 1_048_576)).toBe('10 MiB');
  });
});
