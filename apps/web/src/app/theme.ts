// The app's one theme: Mantine's palette, with every colour that carries text made readable (WCAG AA, 4.5:1)
// in light and dark mode here, once, rather than screen by screen.
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  lighten,
  luminance,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { TFunction } from 'i18next';

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG AA for normal text. */
export const minimumContrast = 4.5;

/**
 * The colour, darkened (light mode) or lightened (dark mode) by the least step that reads at 4.5:1 on every
 * one of the backgrounds.
 */
export function readableOn(color: string, backgrounds: string[], scheme: 'light' | 'dark'): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = scheme === 'light' ? darken(color, step / 20) : lighten(color, step / 20);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= minimumContrast)) return candidate;
  }
  return scheme === 'light' ? '#000000' : '#ffffff';
}

/** The inputs whose clear button (×) needs a name. */
const clearableInputs = [
  'Select',
  'MultiSelect',
  'Autocomplete',
  'TagsInput',
  'FileInput',
  'DateInput',
  'DatePickerInput',
  'MonthPickerInput',
];

/** The theme in the current language: icon-only controls every screen shares get their names here. */
export function themeFor(t: TFunction): MantineThemeOverride {
  const clearButton = { defaultProps: { clearButtonProps: { 'aria-label': t('controls.clear') } } };
  const closeButton = { defaultProps: { closeButtonProps: { 'aria-label': t('controls.close') } } };
  return createTheme({
    primaryColor: 'blue',
    // Filled buttons and badges take the 8th shade, and their text turns black wherever white would read
    // under 4.5:1 (the threshold is the luminance where white on the colour falls to 4.5:1).
    primaryShade: 8,
    autoContrast: true,
    luminanceThreshold: 0.183,
    defaultRadius: 'md',
    // Someone whose system asks for less motion (WCAG 2.3.3) gets menus, drawers and toasts without their transitions.
    respectReducedMotion: true,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
    components: {
      // A badge is as wide as what it says: it never shrinks into an ellipsis ("Da compi…").
      Badge: { styles: { root: { flexShrink: 0, minWidth: 'max-content' }, label: { overflow: 'visible' } } },
      Pagination: {
        defaultProps: {
          getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
            'aria-label': t(`controls.${control}Page`),
          }),
        },
      },
      ...Object.fromEntries(clearableInputs.map((name) => [name, clearButton])),
      // A toast's text under its title: Mantine draws it in gray 6 (3.3:1 on white); the readable dimmed instead.
      Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
      // The × of every dialog and drawer.
      Modal: closeButton,
      Drawer: closeButton,
    },
  });
}

const white = '#ffffff';

/**
 * The backgrounds text sits on in dark mode: the page (dark 7), cards, inputs and menus (dark 6), hovered
 * rows (dark 5).
 */
function darkSurfaces(dark: MantineColorsTuple): string[] {
  return [dark[7], dark[6], dark[5]];
}

/** The light-variant background of a colour in dark mode, as Mantine draws it. */
function darkLightBackground(shades: MantineColorsTuple): string {
  return darken(shades[9], 0.5);
}

/**
 * Text colours (c="teal", the light and outline variants, dimmed, errors) replaced by readable ones: in light
 * mode on white and on the colour's own light background, in dark mode on the dark surfaces and on its own light
 * background.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  const surfaces = darkSurfaces(current.colors.dark);
  for (const [name, shades] of Object.entries(current.colors)) {
    if (name === 'dark') continue;
    const lightInk = readableOn(shades[9], [white, shades[1], shades[0]], 'light');
    light[`--mantine-color-${name}-text`] = lightInk;
    light[`--mantine-color-${name}-light-color`] = lightInk;
    light[`--mantine-color-${name}-outline`] = lightInk;
    const darkInk = readableOn(shades[4], [...surfaces, darkLightBackground(shades)], 'dark');
    dark[`--mantine-color-${name}-text`] = darkInk;
    dark[`--mantine-color-${name}-light-color`] = readableOn(shades[0], [darkLightBackground(shades)], 'dark');
    dark[`--mantine-color-${name}-outline`] = darkInk;
  }
  const { gray, red } = current.colors;
  light['--mantine-color-dimmed'] = readableOn(gray[6], [white, gray[0], gray[1]], 'light');
  light['--mantine-color-error'] = readableOn(red[7], [white], 'light');
  light['--mantine-color-success'] = light['--mantine-color-teal-text'] as string;
  dark['--mantine-color-dimmed'] = readableOn(current.colors.dark[2], surfaces, 'dark');
  dark['--mantine-color-error'] = dark['--mantine-color-red-text'] as string;
  dark['--mantine-color-success'] = dark['--mantine-color-teal-text'] as string;
  return { variables: {}, light, dark };
};
