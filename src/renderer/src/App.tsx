import { AppShell, Button, Group, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBar } from './components/StatusBar.tsx';
import { InventoryScreen } from './screens/InventoryScreen.tsx';
import { OrdersScreen } from './screens/OrdersScreen.tsx';
import { OutboxScreen } from './screens/OutboxScreen.tsx';
import { SettingsScreen } from './screens/SettingsScreen.tsx';
import { StationScreen } from './screens/StationScreen.tsx';
import { TrackingsScreen } from './screens/TrackingsScreen.tsx';
import { useOutbox, useStatus } from './stores/context.tsx';

const SCREENS = ['station', 'orders', 'inventory', 'trackings', 'outbox', 'settings'] as const;
type Screen = (typeof SCREENS)[number];

export function App() {
  const { t } = useTranslation();
  const [screen, setScreen] = useState<Screen>('station');
  const start = useStatus((s) => s.start);
  const followOutbox = useOutbox((s) => s.start);
  useEffect(() => start(), [start]);
  useEffect(() => followOutbox(), [followOutbox]);

  return (
    <AppShell header={{ height: 64 }} footer={{ height: 52 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between">
          <Title order={3}>{t('app.title')}</Title>
          <Group component="nav" aria-label="screens">
            {SCREENS.map((name) => (
              <Button
                key={name}
                size="md"
                variant={screen === name ? 'filled' : 'subtle'}
                onClick={() => setScreen(name)}
                aria-current={screen === name ? 'page' : undefined}
              >
                {t(`nav.${name}`)}
              </Button>
            ))}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {screen === 'station' && <StationScreen />}
        {screen === 'orders' && <OrdersScreen onOpen={() => setScreen('station')} />}
        {screen === 'inventory' && <InventoryScreen />}
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
