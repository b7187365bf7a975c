// The adapter of each camera type.
import type { CameraType } from '@bottega/contracts/cameras';
import type { CameraAdapter } from './camera-adapter';
import { foscamHdAdapter } from './foscam-hd';
import { foscamMjpegAdapter } from './foscam-mjpeg';
import { genericMjpegAdapter, genericSnapshotAdapter } from './generic-camera';

export const cameraAdapters: Record<CameraType, CameraAdapter> = {
  foscamHd: foscamHdAdapter,
  foscamMjpeg: foscamMjpegAdapter,
  genericSnapshot: genericSnapshotAdapter,
  genericMjpeg: genericMjpegAdapter,
};
