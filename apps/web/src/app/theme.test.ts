import { DEFAULT_THEME, darken, getPrimaryShade, isLightColor, mergeMantineTheme } from '@mantine/core';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, minimumContrast, readableOn, themeFor } from './theme';

const t = ((key: string) => key) as unknown as TFunction;
const theme = mergeMantineTheme(DEFAULT_THEME, themeFor(t));
const variables = cssVariablesResolver(theme);
const colors = Object.entries(theme.colors).filter(([name]) => name !== 'dark');
const { dark, gray } = theme.colors;

describe('the theme reads at 4.5:1 (WCAG AA) everywhere', () => {
  it.each(colors)('%s as text, light and outline in light mode', (name, shades) => {
    const ink = variables.light[`--mantine-color-${name}-text`] as string;
    expect(variables.light[`--mantine-color-${name}-light-color`]).toBe(ink);
    expect(variables.light[`--mantine-color-${name}-outline`]).toBe(ink);
    for (const background of ['#ffffff', shades[0], shades[1]]) {
      expect(contrastRatio(ink, background)).toBeGreaterThanOrEqual(minimumContrast);
    }
  });

  it.each(colors)('%s as text, light and outline in dark mode', (name, shades) => {
    const ink = variables.dark[`--mantine-color-${name}-text`] as string;
    const lightBackground = darken(shades[9], 0.5);
    for (const background of [dark[7], dark[6], dark[5], lightBackground]) {
      expect(contrastRatio(ink, background)).toBeGreaterThanOrEqual(minimumContrast);
    }
    const onLight = variables.dark[`--mantine-color-${name}-light-color`] as string;
    expect(contrastRatio(onLight, lightBackground)).toBeGreaterThanOrEqual(minimumContrast);
  });

  it.each(colors)('%s filled (buttons, badges) with its automatic text colour', (_name, shades) => {
    const background = shades[getPrimaryShade(theme, 'light')];
    const text = isLightColor(background, theme.luminanceThreshold) ? theme.black : theme.white;
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(minimumContrast);
  });

  it('dimmed text, errors and success', () => {
    for (const background of ['#ffffff', gray[0], gray[1]]) {
      expect(contrastRatio(variables.light['--mantine-color-dimmed'] as string, background)).toBeGreaterThanOrEqual(
        minimumContrast,
      );
    }
    for (const background of [dark[7], dark[6], dark[5]]) {
      expect(contrastRatio(variables.dark['--mantine-color-dimmed'] as string, background)).toBeGreaterThanOrEqual(
        minimumContrast,
      );
      expect(contrastRatio(variables.dark['--mantine-color-error'] as string, background)).toBeGreaterThanOrEqual(
        minimumContrast,
      );
    }
    expect(contrastRatio(variables.light['--mantine-color-error'] as string, '#ffffff')).toBeGreaterThanOrEqual(
      minimumContrast,
    );
    expect(variables.light['--mantine-color-success']).toBe(variables.light['--mantine-color-teal-text']);
  });

  it("were Mantine's own grey and teal not enough (the audit's 3.32:1 and 2.55:1)", () => {
    expect(contrastRatio(gray[6], '#ffffff')).toBeLessThan(minimumContrast);
    expect(contrastRatio(theme.colors.teal[6], '#ffffff')).toBeLessThan(minimumContrast);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reads and darkens or lightens one that does not', () => {
    expect(readableOn('#000000', ['#ffffff'], 'light')).toBe('rgba(0, 0, 0, 1)');
    const darker = readableOn('#12b886', ['#ffffff'], 'light');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
    const lighter = readableOn('#828282', ['#2e2e2e'], 'dark');
    expect(contrastRatio(lighter, '#2e2e2e')).toBeGreaterThanOrEqual(minimumContrast);
  });
});

describe('icon-only controls are named in the current language', () => {
  it('pagination arrows and clear buttons', () => {
    const components = themeFor(t).components ?? {};
    const pagination = components.Pagination?.defaultProps as {
      getControlProps: (control: string) => Record<string, string>;
    };
    expect(pagination.getControlProps('previous')).toEqual({ 'aria-label': 'controls.previousPage' });
    expect(components.DateInput?.defaultProps).toEqual({ clearButtonProps: { 'aria-label': 'controls.clear' } });
  });
});
