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
  VisuallyHidden,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { DropArea } from './DropArea.tsx';
import { OrderItems, OrderSummary } from './OrderCard.tsx';
import { ScanDetector } from './scan-detector.ts';
import { ShortcutHelp } from './ShortcutHelp.tsx';
import { usePack, useStation } from '../../app/context.tsx';
import { PackActions } from './pack/PackActions.tsx';
import { PackLockRegion, PackPanel } from './pack/PackPanel.tsx';
import { usePackKeys } from './pack/use-pack-keys.ts';

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

export function StationScreen({ now = performanceNow }: { now?: () => number }) {
  const { t, i18n } = useTranslation();
  const { pending, current, failure, recent, muted, lookup, toggleMute } = useStation([
    'pending',
    'current',
    'failure',
    'recent',
    'muted',
    'lookup',
    'toggleMute',
  ]);
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const pack = usePack(['view', 'aside']);
  const packKeys = usePackKeys(now);
  const { onKey: packKey, acknowledgesElsewhere, store: packStore } = packKeys;
  const locked = pack.view?.prompt?.kind === 'lock' && !pack.aside;
  const packing = pack.view?.status === 'open' && !pack.aside;
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
  const promptKind = pack.view?.prompt?.kind ?? null;
  const status = pack.view?.status ?? null;
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
        setValue('');
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
    // The open pack takes the field's Enter first (a scan, or an empty Enter that acknowledges).
    if (packStore.getState().enter(value)) {
      setValue('');
      return;
    }
    const id = value.trim();
    if (!id) return;
    setValue('');
    void lookup(id);
  };

  const tone = failure || locked ? 'red' : current ? 'green' : 'gray';
  const labelJob = current?.lookup.jobs.find((job) => job.kind === 'label.upload') ?? null;
  return (
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
        <Stack>
          <TextInput
            ref={input}
            size="xl"
            label={t('station.scanLabel')}
            description={
              packing ? t('pack.scanHint', { id: pack.view?.orderId ?? '' }) : t('station.scanHint')
            }
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
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
            styles={{ input: { borderWidth: 3, borderColor: `var(--mantine-color-${tone}-6)` } }}
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
          <Group justify="flex-end" mt={-8}>
            <Button variant="subtle" size="xs" onClick={() => setHelp(true)}>
              {t('station.help.open')}
            </Button>
          </Group>
          <ShortcutHelp opened={help} onClose={() => setHelp(false)} />
          {pending && (
            <Group>
              <Loader size="sm" />
              <Text>{t('station.lookingUp', { id: pending })}</Text>
            </Group>
          )}
          {failure && (
            <Alert
              color="red"
              title={t(failure.error.status === 404 ? 'station.notFound' : 'station.lookupFailed', {
                id: failure.id,
              })}
              role="alert"
            >
              <ErrorText error={failure.error} />
            </Alert>
          )}
          {current && !failure && (
            <>
              {/* Found, said to screen readers; the card itself says it to the eye. */}
              <VisuallyHidden role="status">
                {t('station.found', { id: current.id })}
              </VisuallyHidden>
              <PackPanel orderId={current.id} />
              <OrderSummary lookup={current.lookup} />
              <PackActions orderId={current.id} labelJob={labelJob} />
              <DropArea />
              <OrderItems
                lookup={current.lookup}
                names={current.names}
                pack={pack.view?.orderId === current.id && !pack.aside ? pack.view : null}
              />
            </>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
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
      </Grid.Col>
    </Grid>
  );
}
