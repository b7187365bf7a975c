import { cameraBodySchema, cameraTestBodySchema } from '@bottega/contracts/cameras';
import { describe, expect, it } from 'vitest';
import { type CameraFormValues, cameraBodyOf, cameraTestBodyOf } from './camera-form';

const values: CameraFormValues = {
  name: 'Ingresso',
  shopId: '3',
  categoryId: null,
  type: 'foscamHd',
  link: ' http://192.168.1.20:88 ',
  username: 'admin',
  channel: '',
};

describe('the camera form', () => {
  it('keeps the stored password when the field is left blank, clears or replaces it on request', () => {
    expect(cameraBodyOf(values, { mode: 'keep', value: '' })).not.toHaveProperty('password');
    expect(cameraBodyOf(values, { mode: 'replace', value: '' })).not.toHaveProperty('password');
    expect(cameraBodyOf(values, { mode: 'clear', value: '' }).password).toBeNull();
    expect(cameraBodyOf(values, { mode: 'replace', value: ' s3cret ' }).password).toBe(' s3cret ');
  });

  it('sends ids as numbers, no category and no channel as null, the link trimmed', () => {
    const body = cameraBodyOf({ ...values, categoryId: '7', channel: 2 }, { mode: 'keep', value: '' });
    expect(body).toMatchObject({ shopId: 3, categoryId: 7, channel: 2, link: 'http://192.168.1.20:88' });
    expect(cameraBodyOf(values, { mode: 'keep', value: '' })).toMatchObject({ categoryId: null, channel: null });
    expect(cameraBodySchema.safeParse(cameraBodyOf(values, { mode: 'keep', value: '' })).success).toBe(true);
  });

  it('leaves a missing shop for the check to call required', () => {
    const result = cameraBodySchema.safeParse(cameraBodyOf({ ...values, shopId: null }, { mode: 'keep', value: '' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['shopId']);
  });

  it('tests a saved camera with its stored password unless another is typed', () => {
    expect(cameraTestBodyOf(values, { mode: 'keep', value: '' }, 12)).toEqual({
      cameraId: 12,
      type: 'foscamHd',
      link: 'http://192.168.1.20:88',
      username: 'admin',
      channel: null,
    });
    expect(cameraTestBodyOf(values, { mode: 'replace', value: 'new' }, 12).password).toBe('new');
    expect(cameraTestBodyOf(values, { mode: 'replace', value: 'new' }, null)).not.toHaveProperty('cameraId');
    expect(cameraTestBodySchema.safeParse(cameraTestBodyOf(values, { mode: 'keep', value: '' }, 12)).success).toBe(
      true,
    );
  });
});
