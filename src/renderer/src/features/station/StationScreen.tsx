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
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { DropArea } from './DropArea.tsx';
import { OrderItems, OrderSummary } from './OrderCard.tsx';
import { ScanDetector } from './scan-detector.ts';
import { ShortcutHelp } from './ShortcutHelp.tsx';
import { useStation } from '../../app/context.tsx';

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

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const field = input.current;
      if (helpOpen.current) return;
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
        void lookup(code);
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [lookup, now]);

  const submit = () => {
    const id = value.trim();
    if (!id) return;
    setValue('');
    void lookup(id);
  };

  const tone = failure ? 'red' : current ? 'green' : 'gray';
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack>
          <TextInput
            ref={input}
            size="xl"
            label={t('station.scanLabel')}
            description={t('station.scanHint')}
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
            autoComplete="off"
            spellCheck={false}
            data-testid="scan-input"
          />
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
              <OrderSummary lookup={current.lookup} />
              <DropArea />
              <OrderItems lookup={current.lookup} names={current.names} />
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
