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
