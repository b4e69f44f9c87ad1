import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

// Operators read the screen from a step away in a bright warehouse: every text meets WCAG AA
// contrast (4.5:1), which Mantine's defaults miss for white on the default blue and for dimmed
// text. An end-to-end test runs axe-core on every screen to keep it so.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  // Black text on light fills (yellow, orange, lime), white on dark ones.
  autoContrast: true,
  // 0.18 is where black and white text have equal contrast, so each fill gets the better one.
  luminanceThreshold: 0.18,
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Text of "light" badges and alerts on their pale tint of the same colour: even shade 9 of
    // green or orange stays under 4.5:1 there, so it is darkened a little more.
    ...Object.fromEntries(
      Object.entries(DEFAULT_THEME.colors).map(([color, shades]) => [
        `--mantine-color-${color}-light-color`,
        darken(shades[9], 0.25),
      ]),
    ),
  },
  dark: {},
});
