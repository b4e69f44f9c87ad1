import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coverCrop, RESOLUTION_SIZE, type CameraSettings } from '@shared/camera.ts';

/** Lines the band on top of a clip carries: as many as the recorder burns in. */
const BAND_LINES = 4;

/**
 * Settings → Camera's preview (issue #41): the chosen camera's whole picture with a dashed frame
 * around what each clip keeps (the resolution's 16:9, centred) and the band where the order, the
 * station, the time and the last scan are burned in, so the camera can be aimed at the bench
 * before a pack is recorded. The camera is open only while the preview shows.
 */
export function CameraPreview({ settings }: { settings: CameraSettings }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="xs">
      <Box>
        <Button
          variant="default"
          onClick={() => setShown(!shown)}
          data-testid="camera-preview-toggle"
        >
          {shown ? t('camera.settings.previewStop') : t('camera.settings.preview')}
        </Button>
      </Box>
      {shown && <PreviewCanvas settings={settings} />}
    </Stack>
  );
}

function PreviewCanvas({ settings }: { settings: CameraSettings }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { deviceId, resolution } = settings;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let gone = false;
    const video = document.createElement('video');
    video.muted = true;
    const size = RESOLUTION_SIZE[resolution];
    void navigator.mediaDevices
      ?.getUserMedia({
        video: {
          ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
          width: { ideal: size.width },
          height: { ideal: size.height },
        },
        audio: false,
      })
      .then(async (opened) => {
        if (gone) return opened.getTracks().forEach((track) => track.stop());
        stream = opened;
        video.srcObject = opened;
        await video.play().catch(() => undefined);
        timer = setInterval(() => canvas.current && drawPreview(canvas.current, video, size), 100);
      })
      .catch((error: unknown) =>
        setProblem(error instanceof Error ? error.message : String(error)),
      );
    return () => {
      gone = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [deviceId, resolution]);
  if (problem)
    return (
      <Alert color="orange" role="status" data-testid="camera-preview-problem">
        {t('camera.card.failed', { why: problem })}
      </Alert>
    );
  return (
    <Stack gap={4}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('camera.settings.previewLabel')}
        data-testid="camera-preview"
        style={{ width: '100%', maxWidth: 480, background: 'black' }}
      />
      <Text size="sm">{t('camera.settings.previewHint')}</Text>
    </Stack>
  );
}

/** The whole picture, the kept frame dashed, the band shaded inside it. */
function drawPreview(
  canvas: HTMLCanvasElement,
  video: HTMLVideoElement,
  target: { width: number; height: number },
): void {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (width === 0 || height === 0) return;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.drawImage(video, 0, 0, width, height);
  const crop = coverCrop({ width, height }, target);
  // The band as the recorder sizes it (clip-recorder.ts), in the picture's pixels.
  const line = Math.round(crop.height / 18);
  const band = line * 1.35 * BAND_LINES + line * 0.6;
  context.fillStyle = 'rgba(0, 0, 0, 0.55)';
  context.fillRect(crop.x, crop.y, crop.width, band);
  context.strokeStyle = '#ffd43b';
  context.lineWidth = Math.max(2, Math.round(width / 320));
  context.setLineDash([12, 8]);
  context.strokeRect(crop.x, crop.y, crop.width, crop.height);
  context.setLineDash([]);
  // Outside the frame is dimmed: it is not in the clip.
  context.fillStyle = 'rgba(0, 0, 0, 0.5)';
  context.fillRect(0, 0, width, crop.y);
  context.fillRect(0, crop.y + crop.height, width, height - crop.y - crop.height);
  context.fillRect(0, crop.y, crop.x, crop.height);
  context.fillRect(crop.x + crop.width, crop.y, width - crop.x - crop.width, crop.height);
}
