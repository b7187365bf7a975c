import { describe, expect, it } from 'vitest';
import { isEmptyMessage } from './message-text';

describe('isEmptyMessage', () => {
  it('tells a cleared editor, spaces and bare markup from a message with text', () => {
    expect(isEmptyMessage('')).toBe(true);
    expect(isEmptyMessage('<p></p>')).toBe(true);
    expect(isEmptyMessage('<p>&nbsp; </p><p><br></p>')).toBe(true);
    expect(isEmptyMessage('<p><strong>Urgente</strong></p>')).toBe(false);
    expect(isEmptyMessage('<ul><li>1</li></ul>')).toBe(false);
  });
});
