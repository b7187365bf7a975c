import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, requiredText, text } from './common';
import type { ErrorCode } from './errors';

// Security cameras (spec §2 Security video, §3 Camera, §6 Security, §8 Camera viewer messages; issue 26). Each shop
// has IP cameras (Foscam and compatible) that managers watch from the office through the server: the browser never
// holds a camera's address or password, and the server talks only to the host saved on a camera, over its type's
// CGI paths.

const id = z.number().int().positive();

// ——— Types and what the server asks each of them ———

/**
 * foscamHd: Foscam HD models (CGIProxy.fcgi: snapPicture2, getDevState; the MJPEG sub-stream of CGIStream.cgi);
 * foscamMjpeg: the older Foscam MJPEG models (snapshot.cgi, videostream.cgi, get_status.cgi);
 * genericSnapshot / genericMjpeg: any camera with a JPEG snapshot or an MJPEG stream at a fixed address (HTTP Basic
 * credentials), `link` being that address.
 */
export const cameraTypes = ['foscamHd', 'foscamMjpeg', 'genericSnapshot', 'genericMjpeg'] as const;
export type CameraType = (typeof cameraTypes)[number];

/** Foscam types are reached at scheme://host:port only; the generic ones at a whole address. */
export const cameraTypesWithCgi: readonly CameraType[] = ['foscamHd', 'foscamMjpeg'];

/** A recorder (NVR) has several inputs: the channel picks one, 0 being the first. */
export const maxCameraChannel = 63;

// ——— The eight outcomes of Foscam's CGI (spec §8 Camera viewer messages) ———

/** In the order of Foscam's result codes 0, -1 … -7; a camera that does not answer at all is a timeout. */
export const cameraOutcomes = [
  'ok',
  'wrongCgiFormat',
  'wrongCredentials',
  'accessDenied',
  'cgiFailed',
  'timeout',
  'reserve',
  'unknownError',
] as const;
export type CameraOutcome = (typeof cameraOutcomes)[number];
export type CameraFailure = Exclude<CameraOutcome, 'ok'>;

/** Foscam's `<result>` code → outcome: 0 → ok … -7 → unknownError, and any other code is an unknown error too. */
export function cameraOutcomeOfResult(code: number): CameraOutcome {
  return Number.isInteger(code) && code <= 0 && code >= -7 ? (cameraOutcomes[-code] as CameraOutcome) : 'unknownError';
}

/** The error a failed outcome answers with (contracts/errors.ts; its message is the §8 text in every locale). */
export const cameraFailureErrors = {
  wrongCgiFormat: 'cameraWrongCgiFormat',
  wrongCredentials: 'cameraWrongCredentials',
  accessDenied: 'cameraAccessDenied',
  cgiFailed: 'cameraCgiFailed',
  timeout: 'cameraTimeout',
  reserve: 'cameraReserve',
  unknownError: 'cameraUnknownError',
} as const satisfies Record<CameraFailure, ErrorCode>;

/** How the office sees a camera: not checked yet, answering, or not answering at its last check. */
export const cameraStates = ['unknown', 'online', 'offline'] as const;
export type CameraState = (typeof cameraStates)[number];

// ——— Relaying ———

/** The multipart boundary of the server's MJPEG relay (`multipart/x-mixed-replace; boundary=…`). */
export const cameraStreamBoundary = 'bottegaframe';
/** At most this many people watch one camera's stream at once through one server process (429 beyond). */
export const maxStreamViewersPerCamera = 8;
/** A viewer's tile asks for a new picture this often while it is on screen and the tab is visible. */
export const snapshotRefreshMs = 2000;
/** Two pictures of one camera less than this apart belong to the same viewing in the log. */
export const viewingGapSeconds = 60;
/** The health check asks each camera this often (minutes). */
export const cameraHealthCheckMinutes = 5;

// ——— A camera (spec §3) ———

function cameraAddressIssue(rule: 'cameraAddress' | 'cameraUrl', input: unknown) {
  return { code: 'custom' as const, message: rule, path: ['link'], input, params: { rule } };
}

/**
 * Where a camera answers: a Foscam at `http(s)://host:port` (no path, no query); a generic camera at the whole
 * address of its snapshot or stream. Never credentials in the address: they are the user and password fields.
 */
export function cameraLinkProblem(type: CameraType, link: string): 'cameraAddress' | 'cameraUrl' | null {
  const rule = cameraTypesWithCgi.includes(type) ? 'cameraAddress' : 'cameraUrl';
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return rule;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return rule;
  if (url.username !== '' || url.password !== '' || url.hash !== '' || url.hostname === '') return rule;
  if (rule === 'cameraAddress' && (url.pathname !== '/' || url.search !== '')) return rule;
  return null;
}

/**
 * Every field of spec §3 Camera, and its category. `password` is write-only, like the router's: left out it stays
 * as it is, null clears it, a string replaces it (sealed with the app key).
 */
export const cameraBodySchema = z
  .object({
    name: requiredText(100),
    shopId: id,
    type: z.enum(cameraTypes),
    link: requiredText(500),
    username: text(100),
    // Not trimmed: a space can be part of a password.
    password: text(200, { trim: false }).min(1).nullable().optional(),
    channel: z.number().int().min(0).max(maxCameraChannel).nullable().default(null),
    categoryId: id.nullable().default(null),
  })
  .superRefine((values, context) => {
    const problem = cameraLinkProblem(values.type, values.link);
    if (problem) context.addIssue(cameraAddressIssue(problem, values.link));
  });
export type CameraBody = z.input<typeof cameraBodySchema>;
export type CameraValues = z.output<typeof cameraBodySchema>;

export const cameraSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shop: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  type: z.enum(cameraTypes),
  link: z.string(),
  username: z.string(),
  /** Whether a password is stored; the password itself is never part of an answer but its audited reveal. */
  passwordSet: z.boolean(),
  channel: z.number().int().nullable(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: z.enum(cameraStates),
  /** What the last check or picture found, or null before any. */
  lastOutcome: z.enum(cameraOutcomes).nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Camera = z.infer<typeof cameraSchema>;
export const cameraAnswerSchema = dataOf(cameraSchema);
export const cameraPageSchema = pageOf(cameraSchema);

export const cameraListQuerySchema = paginationQuerySchema.extend({
  /** Words matched against the camera's name, its shop's name and code, and its category. */
  search: text(100).optional(),
  shopId: z.coerce.number().int().positive().optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  state: z.enum(cameraStates).optional(),
});
export type CameraListQuery = z.input<typeof cameraListQuerySchema>;

/** What the viewer shows of a camera: no address, no user. */
export const cameraTileSchema = cameraSchema.pick({
  id: true,
  name: true,
  shop: true,
  category: true,
  state: true,
  lastOutcome: true,
  lastCheckedAt: true,
});
export type CameraTile = z.infer<typeof cameraTileSchema>;
export const cameraTilePageSchema = pageOf(cameraTileSchema);

/** The password in clear, for the people who may edit the camera (the reading is audited). */
export const cameraPasswordAnswerSchema = dataOf(z.object({ password: z.string().nullable() }));

/**
 * "Test connection" on the form: the values being typed (with the stored password when the password is left out on
 * an existing camera), or a saved camera as it is.
 */
export const cameraTestBodySchema = z
  .object({
    /** The camera being edited: its stored password is used when `password` is left out. */
    cameraId: id.optional(),
    type: z.enum(cameraTypes),
    link: requiredText(500),
    username: text(100),
    password: text(200, { trim: false }).min(1).nullable().optional(),
    channel: z.number().int().min(0).max(maxCameraChannel).nullable().default(null),
  })
  .superRefine((values, context) => {
    const problem = cameraLinkProblem(values.type, values.link);
    if (problem) context.addIssue(cameraAddressIssue(problem, values.link));
  });
export type CameraTestBody = z.input<typeof cameraTestBodySchema>;
export const cameraTestAnswerSchema = dataOf(
  z.object({ outcome: z.enum(cameraOutcomes), checkedAt: z.iso.datetime() }),
);
export type CameraTestAnswer = z.infer<typeof cameraTestAnswerSchema>['data'];

// ——— Categories (entrance, till, storeroom …) ———

export const cameraCategoryBodySchema = z.object({ name: requiredText(60) });
export type CameraCategoryBody = z.input<typeof cameraCategoryBodySchema>;
export const cameraCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How many cameras are filed under it. */
  cameras: z.number().int(),
});
export type CameraCategory = z.infer<typeof cameraCategorySchema>;
export const cameraCategoryAnswerSchema = dataOf(cameraCategorySchema);
export const cameraCategoriesAnswerSchema = dataOf(z.array(cameraCategorySchema));

// ——— The viewing log ———

export const cameraViewingQuerySchema = paginationQuerySchema.extend({
  cameraId: z.coerce.number().int().positive().optional(),
  shopId: z.coerce.number().int().positive().optional(),
  /** Words matched against the viewer's name. */
  viewer: text(100).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type CameraViewingQuery = z.input<typeof cameraViewingQuerySchema>;

export const cameraViewingSchema = z.object({
  id: z.number().int(),
  camera: z.object({ id: z.number().int(), name: z.string() }),
  shop: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  viewer: z.object({ id: z.number().int(), name: z.string() }),
  /** Live stream (full screen) or refreshed pictures (the grid). */
  mode: z.enum(['stream', 'snapshots']),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
});
export type CameraViewing = z.infer<typeof cameraViewingSchema>;
export const cameraViewingPageSchema = pageOf(cameraViewingSchema);

/** The grid's and the lists' choices: the shops the person may see cameras of, and the categories. */
export const cameraOptionsSchema = dataOf(
  z.object({
    shops: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
export type CameraOptions = z.infer<typeof cameraOptionsSchema>['data'];
