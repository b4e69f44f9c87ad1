import {
  Alert,
  Button,
  Grid,
  Group,
  List,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  useMatches,
  VisuallyHidden,
} from '@mantine/core';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '@renderer/ui/ErrorText.tsx';
import { DropArea } from './DropArea.tsx';
import { DropsToBulk, DropsToBulkHint } from './DropsToBulk.tsx';
import { OrderItems, OrderSummary } from './OrderCard.tsx';
import type { OrderLookup } from '@shared/ipc/channels.ts';
import { ScanDetector } from './scan-detector.ts';
import { ShortcutHelp } from './ShortcutHelp.tsx';
import { useStation } from '@renderer/app/context.tsx';
import { usePack } from './pack/pack-store.ts';
import { PackActions } from './pack/PackActions.tsx';
import { PackLockRegion, PackPanel, PackSideNotes } from './pack/PackPanel.tsx';
import { PackCamera } from './pack/PackCamera.tsx';
import { usePackKeys } from './pack/use-pack-keys.ts';
import { WeightPanel } from './pack/WeightPanel.tsx';
import { PackScans } from './pack/PackScans.tsx';

const isEditable = (el: Element | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * Home: the scan field has the focus whenever nothing else has it. Tab and Shift+Tab move on to
 * the card, the file target and the screens; Escape comes back; `?` shows the shortcuts. A
 * scanner burst anywhere on the screen lands here; a person typing in another field is left
 * alone.
 */
const performanceNow = () => performance.now();

/** The orders scanned lately, newest first; each looks its order up again. */
const RecentScans = memo(function RecentScans() {
  const { t, i18n } = useTranslation();
  const { recent, muted, lookup, toggleMute } = useStation([
    'recent',
    'muted',
    'lookup',
    'toggleMute',
  ]);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>{t('station.recent')}</Title>
        <Button variant="light" size="md" onClick={toggleMute}>
          {muted ? t('station.unmute') : t('station.mute')}
        </Button>
      </Group>
      {recent.length === 0 ? (
        <Text c="dimmed">{t('station.noRecent')}</Text>
      ) : (
        <List spacing="xs" data-testid="recent">
          {recent.map((scan) => (
            <List.Item key={scan.id} c={scan.ok ? 'green' : 'red'}>
              <Button variant="subtle" size="md" onClick={() => void lookup(scan.id)}>
                {scan.id} · {new Date(scan.at).toLocaleTimeString(i18n.language)}
              </Button>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
});

/** The card's lines: the pack's checklist while the order on the card is being packed. */
const CardItems = memo(function CardItems({
  lookup,
  names,
  orderId,
}: {
  lookup: OrderLookup;
  names: Record<string, string | null>;
  orderId: string;
}) {
  const pack = usePack((s) => (s.view?.orderId === orderId && !s.aside ? s.view : null));
  return <OrderItems lookup={lookup} names={names} pack={pack} />;
});

/**
 * The few facts of the pack the screen itself shows. Read as plain values, so a scan that only
 * moves a count re-renders the checklist and the verdict, not the whole screen.
 */
function usePackFacts() {
  return usePack((s) => {
    const view = s.aside ? null : s.view;
    return {
      locked: view?.prompt?.kind === 'lock',
      packing: view?.status === 'open',
      // Complete or finished: nothing left to scan, so the pack's buttons come up top.
      done: view !== null && (view.status !== 'open' || view.complete),
      packOrderId: view?.orderId ?? '',
      promptKind: s.view?.prompt?.kind ?? null,
      status: s.view?.status ?? null,
    };
  });
}

export function StationScreen({ now = performanceNow }: { now?: () => number }) {
  const { t } = useTranslation();
  const { pending, current, failure, lookup } = useStation([
    'pending',
    'current',
    'failure',
    'lookup',
  ]);
  // The field is left to the browser: a scanner's keys render nothing until its Enter.
  const input = useRef<HTMLInputElement>(null);
  const clearField = () => {
    if (input.current) input.current.value = '';
  };
  const { locked, packing, done, packOrderId, promptKind, status } = usePackFacts();
  const packKeys = usePackKeys(now);
  const { onKey: packKey, acknowledgesElsewhere, store: packStore } = packKeys;
  /** A scan goes to the open pack, or looks an order up when no pack takes it. */
  const route = useCallback(
    (code: string) => {
      const state = packStore.getState();
      if (state.takesScans()) void state.scan(code);
      else void lookup(code);
    },
    [packStore, lookup],
  );
  const detector = useRef(new ScanDetector());
  // The scan field takes the focus back shortly after losing it; the pending return must not
  // outlive the screen.
  const refocus = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (refocus.current !== null) clearTimeout(refocus.current);
    },
    [],
  );

  const [help, setHelp] = useState(false);
  // Read by the window's key listener, which is attached once.
  const helpOpen = useRef(false);
  useEffect(() => {
    helpOpen.current = help;
  }, [help]);

  // The scan field has the focus when the screen opens, and only then: a re-render (a drop's
  // verdict, an outbox event) must not pull the focus back from where the operator moved it.
  useEffect(() => input.current?.focus(), []);

  // A question answered or a red screen released: the focus comes back to the scan field when
  // it went nowhere (the question's list or dialog is gone).
  useEffect(() => {
    const field = input.current;
    const active = field?.ownerDocument.activeElement;
    if (promptKind !== 'lot' && promptKind !== 'reason' && (!active || active === document.body))
      field?.focus();
  }, [promptKind, status]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const field = input.current;
      if (helpOpen.current) return;
      if (packKey(event, field)) return;
      if (event.key === 'Escape' && event.target !== field) {
        field?.focus();
        return;
      }
      const emptyScanField = event.target === field && !field?.value;
      if (event.key === '?' && (emptyScanField || !isEditable(document.activeElement))) {
        event.preventDefault();
        setHelp(true);
        return;
      }
      if (event.target === field) return;
      const code = detector.current.key(event.key, now());
      if (isEditable(document.activeElement)) return;
      if (code) {
        event.preventDefault();
        if (input.current) input.current.value = '';
        route(code);
        input.current?.focus();
      } else if (event.key === 'Enter' && acknowledgesElsewhere()) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [route, now, packKey, acknowledgesElsewhere]);

  const submit = () => {
    const value = input.current?.value ?? '';
    // The open pack takes the field's Enter first (a scan, or an empty Enter that acknowledges).
    if (packStore.getState().enter(value)) {
      clearField();
      return;
    }
    const id = value.trim();
    if (!id) return;
    clearField();
    void lookup(id);
  };
  const closeHelp = useCallback(() => setHelp(false), []);

  const tone = failure || locked ? 'red' : current ? 'green' : 'gray';
  const labelJob = current?.lookup.jobs.find((job) => job.kind === 'label.upload') ?? null;
  // The order on the card is being packed: the checklist comes up under the verdict, across the
  // whole width, with the weight and the last scans beside the scan field; the card's tiles and
  // the less frequent buttons go below (docs/station.md). The scan field keeps its place in the
  // tree, so it keeps the focus when the pack opens.
  const shown = current && !failure ? current : null;
  const packLayout = shown !== null && packOrderId === shown.id;
  // Side by side (md and up): the last scans take only the height beside the scan field.
  const wide = useMatches({ base: false, md: true });
  const helpButton = (
    <Group justify="flex-end" mt={packLayout ? 0 : -8}>
      <Button variant="subtle" size="xs" onClick={() => setHelp(true)}>
        {t('station.help.open')}
      </Button>
    </Group>
  );
  return (
    <DropsToBulk>
      <Grid
        data-testid="station"
        data-locked={locked ? 'true' : 'false'}
        // A red screen is red from edge to edge: a packer a step away sees it.
        style={locked ? { background: 'var(--mantine-color-red-1)', borderRadius: 8 } : undefined}
      >
        {current && !failure && (
          <Grid.Col span={12}>
            <PackLockRegion orderId={current.id} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap={packLayout ? 'sm' : 'md'}>
            <TextInput
              ref={input}
              size="xl"
              label={t('station.scanLabel')}
              description={
                packing ? t('pack.scanHint', { id: packOrderId }) : t('station.scanHint')
              }
              onKeyDown={(e) => {
                if (e.key === 'Enter') submit();
              }}
              onBlur={() => {
                if (refocus.current !== null) clearTimeout(refocus.current);
                // Back to the scan field only when the focus went nowhere (a click on empty space):
                // Tab to the card, the file target or the screens keeps the focus where it went.
                refocus.current = setTimeout(() => {
                  refocus.current = null;
                  const field = input.current;
                  const active = field?.ownerDocument.activeElement;
                  if (field && (!active || active === field.ownerDocument.body)) field.focus();
                }, 150);
              }}
              styles={{
                input: { borderWidth: 3, borderColor: `var(--mantine-color-${tone}-6)` },
                // One line while packing, to leave the height to the checklist.
                ...(packLayout && { description: { fontSize: 'var(--mantine-font-size-sm)' } }),
              }}
              // A locked screen still takes a scan: the acknowledgement barcode releases it.
              autoComplete="off"
              spellCheck={false}
              data-testid="scan-input"
            />
            {packKeys.asideArmed && (
              <Text role="status" fw={700} data-testid="pack-aside-hint">
                {t('pack.aside.again')}
              </Text>
            )}
            {!packLayout && helpButton}
            {!current && !failure && !pending && <DropsToBulkHint />}
            <ShortcutHelp opened={help} onClose={closeHelp} />
            {pending && (
              <Group>
                <Loader size="sm" />
                <Text>{t('station.lookingUp', { id: pending })}</Text>
              </Group>
            )}
            {failure && (
              <Alert
                color="red"
                title={t(
                  failure.error.status === 404 ? 'station.notFound' : 'station.lookupFailed',
                  {
                    id: failure.id,
                  },
                )}
                role="alert"
              >
                <ErrorText error={failure.error} />
              </Alert>
            )}
            {shown && (
              <>
                {/* Found, said to screen readers; the card itself says it to the eye. */}
                <VisuallyHidden role="status">
                  {t('station.found', { id: shown.id })}
                </VisuallyHidden>
                <PackPanel orderId={shown.id} notesRead={!packLayout} />
                {packLayout ? (
                  done && <PackActions orderId={shown.id} labelJob={labelJob} />
                ) : (
                  <>
                    <WeightPanel orderId={shown.id} />
                    <OrderSummary lookup={shown.lookup} />
                    <PackActions orderId={shown.id} labelJob={labelJob} />
                    <DropArea />
                    <CardItems lookup={shown.lookup} names={shown.names} orderId={shown.id} />
                  </>
                )}
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PackCamera />
          {packLayout ? (
            <Stack gap="sm" h={wide ? '100%' : undefined}>
              <WeightPanel orderId={shown.id} />
              <PackSideNotes orderId={shown.id} />
              <PackScans orderId={shown.id} names={shown.names} fit={wide} />
            </Stack>
          ) : (
            <RecentScans />
          )}
        </Grid.Col>
        {packLayout && (
          <>
            <Grid.Col span={12}>
              <CardItems lookup={shown.lookup} names={shown.names} orderId={shown.id} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack>
                {!done && <PackActions orderId={shown.id} labelJob={labelJob} />}
                <OrderSummary lookup={shown.lookup} />
                <DropArea />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack>
                {helpButton}
                <RecentScans />
              </Stack>
            </Grid.Col>
          </>
        )}
      </Grid>
    </DropsToBulk>
  );
}
