import { describe, expect, it } from 'vitest';
import { defaultSettings } from '#shared/settings';
import { layoutOptionsOf } from './layout-options';

describe('layoutOptionsOf', () => {
  it('leaves every option to the preset by default, so a site that never set them looks as before', () => {
    expect(layoutOptionsOf(defaultSettings(), null)).toEqual({});
  });

  it('passes the chosen ones to every preset, and a preview from the settings page wins over what is saved', () => {
    const saved = { ...defaultSettings(), layoutSidebarWidth: 'wide', layoutPadding: 'none' } as const;
    expect(layoutOptionsOf(saved, null)).toEqual({ sidebarWidth: 'wide', padding: 'none' });
    expect(
      layoutOptionsOf(saved, { layoutSidebarWidth: 'narrow', layoutContentWidth: 'full', layoutPadding: 'preset' }),
    ).toEqual({ sidebarWidth: 'narrow', contentWidth: 'full' });
  });
});
