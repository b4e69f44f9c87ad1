import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClipPlayback, EvidenceExport, PackClips } from '@shared/camera.ts';
import type { AppError } from '@shared/result.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { ErrorAlert, ErrorText } from '@renderer/ui/ErrorText.tsx';

/**
 * The station's player (issue #41): the clip of an order's newest pack here, its scans as WebVTT
 * captions and as a list to jump to ("the third unit of SKU X"), and Export evidence beside it.
 * The clip comes from the app's own origin (`/clips/…`), so nothing in the CSP widens for it.
 */
export function ClipPlayer({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={orderId !== null}
      onClose={onClose}
      size="xl"
      title={orderId ? t('camera.player.title', { order: orderId }) : ''}
      closeButtonProps={{ 'aria-label': t('camera.player.close') }}
    >
      {orderId && <PlayerBody orderId={orderId} />}
    </Modal>
  );
}

function PlayerBody({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [clips, setClips] = useState<PackClips | null | undefined>(undefined);
  const [error, setError] = useState<AppError | null>(null);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    let live = true;
    void bridge.packClips({ orderId }).then((result) => {
      if (!live) return;
      if (result.ok) setClips(result.value);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [bridge, orderId]);

  if (error) return <ErrorText error={error} />;
  if (clips === undefined) return null;
  if (clips === null || clips.clips.length === 0)
    return (
      <Text role="status" data-testid="clip-player-none">
        {t('camera.player.none', { order: orderId })}
      </Text>
    );
  const clip = clips.clips[Math.min(index, clips.clips.length - 1)] as ClipPlayback;
  return (
    <Stack data-testid="clip-player" data-pack={clips.packId}>
      {clips.clips.length > 1 && (
        <SegmentedControl
          value={String(clip.index)}
          onChange={(value) => setIndex(Number(value))}
          data={clips.clips.map((c) => ({
            value: String(c.index),
            label: t('camera.player.part', { n: c.index + 1, count: clips.clips.length }),
          }))}
        />
      )}
      <ClipView key={clip.src} clip={clip} />
      <Switch
        label={t('camera.player.hold')}
        checked={clips.held}
        onChange={(event) => {
          const held = event.currentTarget.checked;
          void bridge.holdClips({ orderId, held }).then((result) => {
            if (result.ok) setClips(result.value);
            else setError(result.error);
          });
        }}
        data-testid="clip-hold"
      />
      <EvidenceExportButton orderId={orderId} />
    </Stack>
  );
}

function ClipView({ clip }: { clip: ClipPlayback }) {
  const { t, i18n } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const jump = (startMs: number) => {
    const element = video.current;
    if (!element) return;
    element.pause();
    element.currentTime = startMs / 1000;
  };
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="clip-facts">
        {t('camera.player.facts', {
          seconds: Math.round((clip.durationMs ?? 0) / 1000),
          megabytes: (clip.bytes / 1024 / 1024).toFixed(1),
          sha256: clip.sha256,
        })}
      </Text>
      {clip.stopped && (
        <Alert color="orange" role="status">
          {t('camera.player.stopped')}
        </Alert>
      )}
      {clip.available ? (
        <video
          ref={video}
          controls
          preload="auto"
          src={clip.src}
          style={{ width: '100%', background: 'black' }}
          data-testid="clip-video"
        >
          <track kind="captions" src={clip.track} srcLang={i18n.language} label="Scans" default />
        </video>
      ) : (
        <Alert color="gray" role="status" data-testid="clip-gone">
          {t('camera.player.gone')}
        </Alert>
      )}
      <Title order={5}>{t('camera.player.jump')}</Title>
      {clip.cues.length === 0 ? (
        <Text size="sm">{t('camera.player.noCues')}</Text>
      ) : (
        <Stack gap={4} data-testid="clip-cues" style={{ maxHeight: 240, overflowY: 'auto' }}>
          {clip.cues.map((cue) => (
            <Button
              key={cue.id}
              variant="subtle"
              justify="start"
              size="compact-sm"
              disabled={!clip.available}
              onClick={() => jump(cue.startMs)}
              data-cue={cue.id}
              data-start-ms={cue.startMs}
            >
              {`${formatClock(cue.startMs)}  ${cue.lines.join(' · ')}`}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Export evidence: the bundle written by main, and where it went. */
export function EvidenceExportButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<EvidenceExport | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    const result = await bridge.exportEvidence({ orderId });
    setBusy(false);
    if (result.ok) setDone(result.value);
    else setError(result.error);
  };
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" loading={busy} onClick={() => void run()}>
          {t('camera.player.export')}
        </Button>
      </Group>
      {done && (
        <Text size="sm" role="status" data-testid="evidence-exported" data-file={done.file}>
          {t('camera.player.exported', {
            file: done.file,
            sha256: done.manifestSha256.slice(0, 12),
          })}
        </Text>
      )}
      <ErrorAlert error={error} testId="evidence-export-error" />
    </Stack>
  );
}

/** 1:02 from the clip's start. */
function formatClock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
