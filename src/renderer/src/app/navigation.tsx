import { createContext, useContext } from 'react';

export const SCREENS = [
  'station',
  'bulk',
  'invoices',
  'labels',
  'orders',
  'inventory',
  'products',
  'inbounds',
  'trackings',
  'records',
  'outbox',
  'settings',
] as const;
export type Screen = (typeof SCREENS)[number];

/** A part of a screen a link may open at (Settings → Printers). */
export type Section = 'printers';

/** Opens a screen, at one of its sections when given. */
export type OpenScreen = (screen: Screen, section?: Section) => void;

const NavigationContext = createContext<OpenScreen | null>(null);

/** The app's navigation, for links from one screen to another (features do not import each other). */
export const NavigationProvider = NavigationContext.Provider;

/** The navigation, or null outside the app's frame (a component test without it). */
export const useOpenScreen = (): OpenScreen | null => useContext(NavigationContext);
