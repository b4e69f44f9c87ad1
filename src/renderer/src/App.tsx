import { AppShell, Button, Group, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBar } from './components/StatusBar.tsx';
import { InboundsScreen } from './screens/InboundsScreen.tsx';
import { InventoryScreen } from './screens/InventoryScreen.tsx';
import { InvoicesScreen } from './screens/InvoicesScreen.tsx';
import { LabelsScreen } from './screens/LabelsScreen.tsx';
import { OrdersScreen } from './screens/OrdersScreen.tsx';
import { OutboxScreen } from './screens/OutboxScreen.tsx';
import { ProductsScreen } from './screens/ProductsScreen.tsx';
import { SettingsScreen } from './screens/SettingsScreen.tsx';
import { StationScreen } from './screens/StationScreen.tsx';
import { TrackingsScreen } from './screens/TrackingsScreen.tsx';
import { useOutbox, useStatus } from './stores/context.tsx';

const SCREENS = [
  'station',
  'invoices',
  'labels',
  'orders',
  'inventory',
  'products',
  'inbounds',
  'trackings',
  'outbox',
  'settings',
] as const;
type Screen = (typeof SCREENS)[number];

export function App() {
  const { t } = useTranslation();
  const [screen, setScreen] = useState<Screen>('station');
  const start = useStatus((s) => s.start);
  const followOutbox = useOutbox((s) => s.start);
  useEffect(() => start(), [start]);
  useEffect(() => followOutbox(), [followOutbox]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 210, breakpoint: 0 }}
      footer={{ height: 52 }}
      padding="md"
    >
      <AppShell.Header px="md">
        <Group h="100%">
          <Title order={3}>{t('app.title')}</Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <Stack gap="xs" component="nav" aria-label="screens">
          {SCREENS.map((name) => (
            <Button
              key={name}
              size="md"
              fullWidth
              justify="start"
              variant={screen === name ? 'filled' : 'subtle'}
              onClick={() => setScreen(name)}
              aria-current={screen === name ? 'page' : undefined}
            >
              {t(`nav.${name}`)}
            </Button>
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        {screen === 'station' && <StationScreen />}
        {screen === 'invoices' && <InvoicesScreen />}
        {screen === 'labels' && <LabelsScreen />}
        {screen === 'orders' && <OrdersScreen onOpen={() => setScreen('station')} />}
        {screen === 'inventory' && <InventoryScreen />}
        {screen === 'products' && <ProductsScreen />}
        {screen === 'inbounds' && <InboundsScreen />}
        {screen === 'trackings' && <TrackingsScreen />}
        {screen === 'outbox' && <OutboxScreen />}
        {screen === 'settings' && <SettingsScreen />}
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Group h="100%">
          <StatusBar />
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
