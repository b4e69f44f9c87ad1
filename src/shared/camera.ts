import { z } from 'zod';

// Settings → Camera (issue #41): the overhead camera that records each pack. Main keeps them
// (camera.json in the data folder) and the window records with them; both check with this.

export const CAMERA_RESOLUTIONS = ['720p', '1080p'] as const;
export type CameraResolution = (typeof CAMERA_RESOLUTIONS)[number];

/** Pixels of each resolution, landscape. */
export const RESOLUTION_SIZE: Record<CameraResolution, { width: number; height: number }> = {
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
};

/** A folder as a whole path: POSIX, a Windows drive, or a UNC share. */
export const ABSOLUTE_FOLDER = /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/u;

export const cameraSettingsSchema = z.object({
  /** Off until someone turns it on: recording needs a camera and the packers' consent. */
  enabled: z.boolean().default(false),
  /** The device the system lists (MediaDeviceInfo.deviceId); null: the system's default. */
  deviceId: z.string().trim().min(1).max(500).nullable().default(null),
  resolution: z.enum(CAMERA_RESOLUTIONS).default('720p'),
  fps: z.number().int().min(5).max(30).default(15),
  /** Sound from the camera's microphone; off unless chosen. */
  audio: z.boolean().default(false),
  /** Seconds recorded after the finish, so the closed box is in the clip. */
  tailSeconds: z.number().int().min(0).max(30).default(3),
  /** Clips older than this are deleted (null: kept by age forever). */
  keepDays: z.number().int().min(1).max(3650).nullable().default(90),
  /** The clips may take at most this many GB (null: no cap); the oldest go first. */
  maxGigabytes: z.number().min(1).max(100_000).nullable().default(50),
  /** Where clips go: null for `<data>/clips`, or a folder IT names (a network share). */
  folder: z
    .string()
    .trim()
    .max(1000)
    .regex(ABSOLUTE_FOLDER, 'must be a whole path (/…, C:\\… or \\\\server\\share)')
    .nullable()
    .default(null),
  /** A pack cannot finish without a clip being recorded (IT's policy usually sets this). */
  required: z.boolean().default(false),
});
export type CameraSettings = z.output<typeof cameraSettingsSchema>;
export type CameraSettingsInput = z.input<typeof cameraSettingsSchema>;

export const DEFAULT_CAMERA_SETTINGS: CameraSettings = cameraSettingsSchema.parse({});

/** A clip closed at the end of a pack, as the order card shows it. */
export interface ClipSummary {
  packId: string;
  bytes: number;
  sha256: string;
  /** How long it plays; null when no frame was written. */
  durationMs: number | null;
}

/** Why a pack's recording stopped early (a full disk, a folder gone): a sentence's key. */
export interface ClipStop {
  messageKey: string;
  params: Record<string, string>;
}

/** One scan, weighing or take-back of a clip, as the player lists it to jump to. */
export interface ClipCue {
  id: string;
  startMs: number;
  /** The cue's lines (scan number, code, product, lot, expiry, verdict), for a person. */
  lines: string[];
}

/** One clip of a pack as the station's player gets it. */
export interface ClipPlayback {
  index: number;
  /** Same-origin paths the app's protocol serves: the clip and its WebVTT cues. */
  src: string;
  track: string;
  startedAt: number;
  durationMs: number | null;
  bytes: number;
  sha256: string;
  /** false: deleted by retention or no longer where it was written. */
  available: boolean;
  /** Set when the recording stopped early (a full disk…), the sentence's key and values. */
  stopped: ClipStop | null;
  cues: ClipCue[];
}

/** The newest finished pack of an order on this station and its clips. */
export interface PackClips {
  orderId: string;
  packId: string;
  /** Kept from retention (a dispute): a supervisor put the pack's clips on hold. */
  held: boolean;
  clips: ClipPlayback[];
}

/** An evidence bundle written from the station (Export evidence). */
export interface EvidenceExport {
  file: string;
  bytes: number;
  manifestSha256: string;
}

/**
 * The part of the camera's picture a clip keeps: the largest centred area with the clip's shape
 * (16:9), so a 4:3 camera is cropped top and bottom rather than squeezed. Settings → Camera's
 * preview draws this frame over the whole picture; the recorder draws only what is inside it.
 */
export function coverCrop(
  source: { width: number; height: number },
  target: { width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  if (source.width <= 0 || source.height <= 0 || target.width <= 0 || target.height <= 0)
    return { x: 0, y: 0, width: Math.max(0, source.width), height: Math.max(0, source.height) };
  const scale = Math.min(source.width / target.width, source.height / target.height);
  const width = Math.round(target.width * scale);
  const height = Math.round(target.height * scale);
  return {
    x: Math.round((source.width - width) / 2),
    y: Math.round((source.height - height) / 2),
    width,
    height,
  };
}
