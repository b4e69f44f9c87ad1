import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CameraSettings, ClipStop, ClipSummary } from '@shared/camera.ts';
import type { PackView } from '@shared/pack/types.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { ClipPlayer } from '@renderer/ui/evidence/ClipPlayer.tsx';
import { ClipRecorder, type CameraTrouble } from './clip-recorder.ts';
import { usePack } from './pack-store.ts';

/**
 * The pack camera (issue #41): recording follows the pack by itself. It starts when an order is
 * opened for packing and stops a few seconds (Settings → Camera's tail) after the finish, the
 * short finish, or when the pack is left (set aside, another order). The card shows a small
 * live view with a red dot, the kept clip's length and hash, or in a sentence why this pack is
 * not recorded; packing never waits for the camera.
 */
export function PackCamera() {
  const { t, i18n } = useTranslation();
  const bridge = useBridge();
  const { view, aside } = usePack(['view', 'aside']);
  const [settings, setSettings] = useState<CameraSettings | null>(null);
  const [recording, setRecording] = useState<string | null>(null);
  const [trouble, setTrouble] = useState<{ trouble: CameraTrouble; why: string } | null>(null);
  const [saved, setSaved] = useState<(ClipSummary & { orderId: string }) | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  /** Main stopped writing this pack's clip (a full disk, a folder gone): said on the card. */
  const [stopped, setStopped] = useState<ClipStop | null>(null);
  const live = useRef<HTMLDivElement>(null);
  const active = useRef<{ packId: string; orderId: string; recorder: ClipRecorder } | null>(null);
  /** Clips whose pack was finished or left, recording their tail; by pack. */
  const ending = useRef(
    new Map<
      string,
      { recorder: ClipRecorder; orderId: string; timer: ReturnType<typeof setTimeout> }
    >(),
  );
  // The overlay reads the newest pack view for every frame, not the one it started with.
  const latest = useRef<PackView | null>(view);
  useEffect(() => {
    latest.current = view;
  }, [view]);

  useEffect(() => {
    void bridge.getCamera().then((result) => result.ok && setSettings(result.value));
  }, [bridge]);

  const packId = view && !aside ? view.id : null;
  const open = view?.status === 'open';
  const tailMs = (settings?.tailSeconds ?? 0) * 1000;

  useEffect(() => {
    if (!settings?.enabled) return;
    const current = active.current;
    // The pack was left or finished: its clip ends after the tail, so the closed box is in it.
    if (current && (current.packId !== packId || !open)) {
      active.current = null;
      const { recorder, orderId } = current;
      const timer = setTimeout(() => {
        ending.current.delete(current.packId);
        void recorder.stop().then((summary) => {
          setSaved(summary && { ...summary, orderId });
          setRecording((now) => (now === current.packId ? null : now));
          recorder.view.remove();
        });
      }, tailMs);
      ending.current.set(current.packId, { recorder, orderId, timer });
    }
    if (!packId || !open || active.current) return;
    // The same pack back within its tail (set aside and resumed): its clip simply goes on, never
    // two recorders writing into one clip.
    const resumed = ending.current.get(packId);
    if (resumed) {
      clearTimeout(resumed.timer);
      ending.current.delete(packId);
      active.current = { packId, orderId: resumed.orderId, recorder: resumed.recorder };
      return;
    }
    const recorder = new ClipRecorder({
      packId,
      sink: bridge,
      overlay: () => overlayLines(latest.current, t, i18n.language),
      onTrouble: (kind, why) => setTrouble({ trouble: kind, why }),
      onStopped: (why) => setStopped(why),
    });
    active.current = { packId, orderId: view.orderId, recorder };
    setTrouble(null);
    setStopped(null);
    setSaved(null);
    void recorder.start(settings).then((started) => {
      if (!started) {
        if (active.current?.recorder === recorder) active.current = null;
        return;
      }
      setRecording(packId);
      recorder.view.style.width = '100%';
      recorder.view.setAttribute('aria-label', t('camera.card.live'));
      recorder.view.setAttribute('role', 'img');
      recorder.view.dataset['testid'] = 'pack-camera-live';
      live.current?.replaceChildren(recorder.view);
    });
  }, [bridge, settings, packId, open, tailMs, t, i18n.language, view?.orderId]);

  // Leaving the Station screen ends the clip now: what was recorded is kept.
  useEffect(() => {
    const tails = ending.current;
    return () => {
      void active.current?.recorder.stop();
      active.current = null;
      for (const { recorder, timer } of tails.values()) {
        clearTimeout(timer);
        void recorder.stop();
      }
      tails.clear();
    };
  }, []);

  if (!settings?.enabled) return null;
  return (
    <Box data-testid="pack-camera" data-recording={recording ?? ''}>
      {recording && !stopped && (
        <Group gap="xs">
          <Box
            w={12}
            h={12}
            bg="red.8"
            style={{ borderRadius: '50%' }}
            aria-hidden
            data-testid="pack-camera-dot"
          />
          <Text fw={700}>{t('camera.card.recording')}</Text>
        </Group>
      )}
      <Box ref={live} maw={320} />
      {trouble && (
        <Alert color="orange" role="status" data-testid="pack-camera-trouble">
          {t(`camera.card.${trouble.trouble}`, { why: trouble.why })}
        </Alert>
      )}
      {stopped && (
        <Alert color="orange" role="status" data-testid="pack-camera-stopped">
          {t(stopped.messageKey, stopped.params)}
        </Alert>
      )}
      {saved && !recording && (
        <Group gap="xs">
          <Text size="sm" data-testid="pack-camera-saved">
            {t('camera.card.saved', {
              seconds: Math.round((saved.durationMs ?? 0) / 1000),
              sha256: saved.sha256.slice(0, 12),
            })}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => setPlaying(saved.orderId)}>
            {t('camera.player.open')}
          </Button>
        </Group>
      )}
      <ClipPlayer orderId={playing} onClose={() => setPlaying(null)} />
    </Box>
  );
}

/**
 * The overlay's clock format per language, made once: the lines are read ten times a second,
 * and toLocaleString with options builds a formatter each call (about 0.6 ms of the window's
 * thread, measured in the recording bench's profile).
 */
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockIn(language: string): Intl.DateTimeFormat {
  let clock = clocks.get(language);
  if (!clock) {
    clock = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' });
    clocks.set(language, clock);
  }
  return clock;
}

/** Order, station and packer, date and time to the second, and the last scan with its verdict. */
function overlayLines(view: PackView | null, t: TFunction, language: string): string[] {
  const now = clockIn(language).format(new Date());
  if (!view) return [now];
  const last = view.units.reduce<PackView['units'][number] | null>(
    (newest, unit) => (!newest || unit.seq > newest.seq ? unit : newest),
    null,
  );
  const verdict = view.verdict ? t(view.verdict.messageKey, view.verdict.params) : '';
  return [
    t('camera.overlay.order', { order: view.orderId }),
    t('camera.overlay.who', { station: view.station, packer: view.packer }),
    now,
    last ? t('camera.overlay.lastScan', { code: last.code, verdict }) : t('camera.overlay.noScan'),
  ];
}
