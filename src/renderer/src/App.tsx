import { AppShell, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBar } from './app/StatusBar.tsx';
import { OutboxNotices } from './features/outbox/OutboxNotices.tsx';
import { StationScreen } from './features/station/StationScreen.tsx';
import { HelpMenu } from './features/help/HelpMenu.tsx';
import { useQueryClient } from '@tanstack/react-query';
import {
  useBridge,
  useInventory,
  useOutbox,
  useScale,
  usePrint,
  useStation,
  useStatus,
} from './app/context.tsx';
import { usePack } from './features/station/pack/pack-store.ts';
import { invalidateForOutbox, invalidateForPrinting } from './app/queries.ts';
import { NavigationProvider, SCREENS, type Screen, type Section } from './app/navigation.tsx';
import { usePolicy } from './app/use-policy.ts';
import type { PolicySection } from '@shared/policy/schema.ts';

// The station is the first screen and ships in the main chunk; the others load when opened.
function named<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
const InvoicesScreen = named(
  () => import('./features/invoices/InvoicesScreen.tsx'),
  'InvoicesScreen',
);
const BulkScreen = named(() => import('./features/bulk/BulkScreen.tsx'), 'BulkScreen');
const RecordsScreen = named(() => import('./features/records/RecordsScreen.tsx'), 'RecordsScreen');
const LabelsScreen = named(() => import('./features/labels/LabelsScreen.tsx'), 'LabelsScreen');
const InventoryScreen = named(
  () => import('./features/inventory/InventoryScreen.tsx'),
  'InventoryScreen',
);
const ProductsScreen = named(
  () => import('./features/products/ProductsScreen.tsx'),
  'ProductsScreen',
);
const InboundsScreen = named(
  () => import('./features/inbounds/InboundsScreen.tsx'),
  'InboundsScreen',
);
const TrackingsScreen = named(
  () => import('./features/trackings/TrackingsScreen.tsx'),
  'TrackingsScreen',
);
const OutboxScreen = named(() => import('./features/outbox/OutboxScreen.tsx'), 'OutboxScreen');
const SettingsScreen = named(
  () => import('./features/settings/SettingsScreen.tsx'),
  'SettingsScreen',
);
const OrdersScreen = named(() => import('./features/orders/OrdersScreen.tsx'), 'OrdersScreen');

export function App() {
  const { t, i18n } = useTranslation();
  const [screen, setScreen] = useState<Screen>('station');
  // A link that opens a screen at one of its parts (no printer → Settings → Printers).
  const [section, setSection] = useState<Section | null>(null);
  const open = useCallback((next: Screen, at?: Section) => {
    setScreen(next);
    setSection(at ?? null);
  }, []);
  const start = useStatus((s) => s.start);
  const followOutbox = useOutbox((s) => s.start);
  const loadOutbox = useOutbox((s) => s.load);
  useEffect(() => start(), [start]);
  useEffect(() => followOutbox(), [followOutbox]);
  const followScale = useScale((s) => s.start);
  useEffect(() => followScale(), [followScale]);
  // The order card follows its files through the outbox, whichever screen is open meanwhile.
  const followStation = useStation((s) => s.follow);
  useEffect(() => followStation(), [followStation]);
  // A finished pack's "mark packed" job, followed the same way.
  const followPack = usePack((s) => s.follow);
  useEffect(() => followPack(), [followPack]);
  // A delivered job makes the reads it changes stale; a switch of profile makes all of them so.
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(
    () => bridge.onOutbox((change) => invalidateForOutbox(queryClient, change)),
    [bridge, queryClient],
  );
  // A print job moved or the printer answered: the queue, the status bar and the log follow.
  const followPrinting = usePrint((s) => s.follow);
  useEffect(() => followPrinting(), [followPrinting]);
  useEffect(
    () => bridge.onPrinting(() => invalidateForPrinting(queryClient)),
    [bridge, queryClient],
  );
  // The papers main makes (the packing slip) speak the window's language.
  useEffect(() => {
    const tell = (language: string) => {
      if (language === 'en' || language === 'pt-BR' || language === 'es')
        void bridge.setStationLanguage({ language });
    };
    tell(i18n.language);
    i18n.on('languageChanged', tell);
    return () => i18n.off('languageChanged', tell);
  }, [bridge, i18n]);
  // What IT's policy sets for the window: locked values always, others when nothing was chosen.
  const policy = usePolicy();
  const setThreshold = useInventory((s) => s.setThreshold);
  const { muted, toggleMute } = useStation(['muted', 'toggleMute']);
  useEffect(() => {
    if (!policy) return;
    const applies = (section: PolicySection, key: string) =>
      policy.locked[section] || globalThis.localStorage?.getItem(key) == null;
    if (policy.language && applies('language', 'packbench.language'))
      void i18n.changeLanguage(policy.language);
    if (policy.muted !== null && policy.muted !== muted && applies('sound', 'packbench.muted'))
      toggleMute();
    if (
      policy.expiryWarningDays !== null &&
      applies('expiryWarningDays', 'packbench.expiryThresholdDays')
    )
      setThreshold(policy.expiryWarningDays);
    // Once, when the policy is read: the operator's later choices (where not locked) stand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [policy]);
  const profileId = useStatus((s) => s.status?.profile.id ?? null);
  useEffect(() => void queryClient.invalidateQueries(), [profileId, queryClient]);
  // The outbox's notices (a salvaged file…) show from the first screen, not only on the Outbox.
  useEffect(() => void loadOutbox(), [loadOutbox]);

  return (
    <NavigationProvider value={open}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 210, breakpoint: 0 }}
        footer={{ height: 52 }}
        padding="md"
      >
        <AppShell.Header px="md">
          <Group h="100%">
            <Title order={3}>{t('app.title')}</Title>
            <HelpMenu />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <Stack gap="xs" component="nav" aria-label={t('app.screens')}>
            {SCREENS.map((name) => (
              <Button
                key={name}
                size="md"
                fullWidth
                justify="start"
                variant={screen === name ? 'filled' : 'subtle'}
                onClick={() => open(name)}
                aria-current={screen === name ? 'page' : undefined}
              >
                {t(`nav.${name}`)}
              </Button>
            ))}
          </Stack>
        </AppShell.Navbar>
        <AppShell.Main>
          <OutboxNotices />
          <Suspense
            fallback={
              <Group role="status">
                <Loader size="sm" />
                <Text>{t('app.loading')}</Text>
              </Group>
            }
          >
            {screen === 'bulk' && <BulkScreen />}
            {screen === 'records' && <RecordsScreen />}
            {screen === 'invoices' && <InvoicesScreen />}
            {screen === 'labels' && <LabelsScreen />}
            {screen === 'orders' && <OrdersScreen onOpen={() => open('station')} />}
            {screen === 'inventory' && <InventoryScreen />}
            {screen === 'products' && <ProductsScreen />}
            {screen === 'inbounds' && <InboundsScreen />}
            {screen === 'trackings' && <TrackingsScreen />}
            {screen === 'outbox' && <OutboxScreen />}
            {screen === 'settings' && <SettingsScreen section={section} />}
          </Suspense>
          {screen === 'station' && <StationScreen />}
        </AppShell.Main>
        <AppShell.Footer px="md">
          <Group h="100%">
            <StatusBar onOpenOutbox={() => open('outbox')} />
          </Group>
        </AppShell.Footer>
      </AppShell>
    </NavigationProvider>
  );
}
