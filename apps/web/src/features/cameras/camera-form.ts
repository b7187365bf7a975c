// The camera form's values as the inputs hold them, and the bodies they become: the camera saved, or the connection
// tested with what is typed. The password is write-only: kept, replaced or cleared on save.
import type { Camera, CameraBody, CameraTestBody, CameraType } from '@bottega/contracts/cameras';

export type CameraFormValues = {
  name: string;
  /** The Selects' values: ids as text, null when none is chosen. */
  shopId: string | null;
  categoryId: string | null;
  type: CameraType;
  link: string;
  username: string;
  /** NumberInput's value: a number, or the text while it is being typed (empty included). */
  channel: number | string;
};

/** keep: leave the stored password as it is; replace: send `value`; clear: remove it. */
export type CameraPasswordChange = { mode: 'keep' | 'replace' | 'clear'; value: string };

export const emptyCameraValues: CameraFormValues = {
  name: '',
  shopId: null,
  categoryId: null,
  type: 'foscamHd',
  link: '',
  username: '',
  channel: '',
};

export function cameraValuesOf(camera: Camera): CameraFormValues {
  return {
    name: camera.name,
    shopId: String(camera.shop.id),
    categoryId: camera.category ? String(camera.category.id) : null,
    type: camera.type,
    link: camera.link,
    username: camera.username,
    channel: camera.channel ?? '',
  };
}

function channelOf(channel: number | string): number | null {
  if (channel === '' || channel === null) return null;
  const number = Number(channel);
  // Typed text that is no number goes as is, so the check answers "invalid" next to the field.
  return Number.isNaN(number) ? (channel as unknown as number) : number;
}

/** The password part of a body: left out to keep it, null to clear it, the typed text to replace it. */
function passwordOf(change: CameraPasswordChange): { password?: string | null } {
  if (change.mode === 'clear') return { password: null };
  if (change.mode === 'replace' && change.value !== '') return { password: change.value };
  return {};
}

export function cameraBodyOf(values: CameraFormValues, password: CameraPasswordChange): CameraBody {
  return {
    name: values.name,
    // None chosen goes as null, so the check answers "required" next to the field.
    shopId: values.shopId ? Number(values.shopId) : (null as unknown as number),
    type: values.type,
    link: values.link.trim(),
    username: values.username,
    channel: channelOf(values.channel),
    categoryId: values.categoryId ? Number(values.categoryId) : null,
    ...passwordOf(password),
  };
}

/**
 * "Test connection" with what the form holds; on an existing camera its id, so the server uses the stored password
 * when the field is left as it is.
 */
export function cameraTestBodyOf(
  values: CameraFormValues,
  password: CameraPasswordChange,
  cameraId: number | null,
): CameraTestBody {
  return {
    ...(cameraId === null ? {} : { cameraId }),
    type: values.type,
    link: values.link.trim(),
    username: values.username,
    channel: channelOf(values.channel),
    ...passwordOf(password),
  };
}
