import { decomposeColor, getContrastRatio, getOverlayAlpha, recomposeColor } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { FOCUS_RING_COLOR, theme } from './theme';

/** A dark-mode Paper's colour at an elevation: MUI lays a white film over it, thicker the higher it floats. */
function paperAt(elevation: number): string {
  const film = getOverlayAlpha(elevation);
  const { values } = decomposeColor(theme.palette.background.paper);
  return recomposeColor({ type: 'rgb', values: [0, 1, 2].map((i) => Math.round(values[i]! * (1 - film) + 255 * film)) as [number, number, number] });
}

describe('the keyboard focus ring (WCAG 2.2 focus appearance)', () => {
  it('is a solid outline at least 2px wide on every MUI control', () => {
    expect(theme.focusVisible).toMatchObject({ outlineStyle: 'solid', outlineColor: FOCUS_RING_COLOR, outlineWidth: 2 });
  });

  it('keeps at least 3:1 against every surface it is drawn on', () => {
    const surfaces = {
      page: theme.palette.background.default,
      paper: theme.palette.background.paper,
      appBar: theme.palette.grey[900],
      // The cookie banner and menus float at elevation 8.
      floating: paperAt(8),
    };
    for (const [surface, colour] of Object.entries(surfaces)) {
      expect({ surface, ratio: getContrastRatio(FOCUS_RING_COLOR, colour) >= 3 }).toEqual({ surface, ratio: true });
    }
  });
});
