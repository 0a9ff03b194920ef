import { describe, expect, it } from 'vitest';
import { defaultSettings, settingDefinitions, type SettingKey } from '../settings';
import { checkSettingValue, checkSettingsTogether, settingRule } from './settings';

/** The per-key check the server and the settings page share (a 400 naming the key). */
describe('checkSettingValue', () => {
  it('accepts every default as it is, so a revert to a default always goes through', () => {
    const defaults = defaultSettings();
    for (const key of Object.keys(settingDefinitions) as SettingKey[]) {
      expect(checkSettingValue(key, defaults[key]), key).toEqual({ ok: true, key, value: defaults[key] });
    }
  });

  it('reads the rule of each kind off the schema', () => {
    expect(settingRule('defaultSlotAllocation')).toEqual({ kind: 'integer', min: 1, max: 100 });
    expect(settingRule('useCashSystem')).toEqual({ kind: 'boolean' });
    expect(settingRule('cashChargeMode')).toEqual({ kind: 'oneOf', options: ['modal', 'page'] });
    expect(settingRule('siteName')).toEqual({ kind: 'text', min: 1, max: 50 });
  });

  it('takes form strings for numbers and switches, and nothing that only coerces', () => {
    expect(checkSettingValue('defaultSlotAllocation', ' 20 ')).toMatchObject({ ok: true, value: 20 });
    expect(checkSettingValue('slotAutoApproval', 'false')).toMatchObject({ ok: true, value: false });
    for (const value of [true, null, '', '1e2', [5], { n: 5 }, Number.NaN]) {
      expect(checkSettingValue('defaultSlotAllocation', value)).toEqual({
        ok: false,
        message: "'defaultSlotAllocation' 값이 올바르지 않습니다: 1~100 사이의 정수여야 합니다.",
      });
    }
    expect(checkSettingValue('maintenanceMode', 0)).toEqual({
      ok: false,
      message: "'maintenanceMode' 값이 올바르지 않습니다: true 또는 false여야 합니다.",
    });
    expect(checkSettingValue('logoUrl', 'x'.repeat(501))).toEqual({
      ok: false,
      message: "'logoUrl' 값이 올바르지 않습니다: 500자 이하의 문자열이어야 합니다.",
    });
    // The logo: an http(s) address or a site path only (`javascript:` and `data:` would run or hide script).
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/logo.png', '/\\evil'])
      expect(checkSettingValue('logoUrl', bad)).toEqual({
        ok: false,
        message:
          "'logoUrl' 값이 올바르지 않습니다: 비워 두거나 http(s):// 로 시작하는 주소 또는 /로 시작하는 사이트 경로여야 합니다.",
      });
    for (const good of ['', 'https://cdn.example.com/logo.png', '/media/logo.png'])
      expect(checkSettingValue('logoUrl', good)).toMatchObject({ ok: true, value: good });
    expect(checkSettingValue('__proto__', 1)).toEqual({
      ok: false,
      message: "'__proto__'은(는) 알 수 없는 설정입니다.",
    });
  });

  it('refuses a minimum charge above the maximum, naming minCashCharge', () => {
    expect(checkSettingsTogether({ minCashCharge: 10, maxCashCharge: 5 })?.key).toBe('minCashCharge');
    expect(checkSettingsTogether({ minCashCharge: 5, maxCashCharge: 5 })).toBeNull();
  });
});
