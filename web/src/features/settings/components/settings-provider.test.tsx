import { render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { useAppSettings, useAppSettingsStatus } from '@/lib/app-settings';
import { SettingsProvider } from './settings-provider';

/** The page title and theme come from settings; failure or nonsense falls back to simple + classic. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: () => Response;

beforeEach(() => {
  delete document.documentElement.dataset.theme;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Probe() {
  const s = useAppSettings();
  return <p data-testid="probe">{`${useAppSettingsStatus()} ${s.globalTheme} ${s.globalLayout}`}</p>;
}

const renderProvider = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <ToastProvider>
        <SettingsProvider>
          <Probe />
        </SettingsProvider>
      </ToastProvider>
    </SWRConfig>,
  );

describe('SettingsProvider', () => {
  it('applies the stored theme, layout and page title', async () => {
    answer = () =>
      json(200, {
        success: true,
        data: {
          theme: { globalTheme: 'luxury', globalLayout: 'dashboard', siteName: '슬롯마켓', siteTitle: '광고 관리' },
        },
      });
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('ready luxury dashboard'));
    expect(document.documentElement.dataset.theme).toBe('luxury');
    expect(document.title).toBe('슬롯마켓 - 광고 관리');
  });

  it('an unknown theme falls back to simple', async () => {
    answer = () => json(200, { success: true, data: { theme: { globalTheme: 'neon', globalLayout: 'modern' } } });
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('ready simple modern'));
    expect(document.documentElement.dataset.theme).toBe('simple');
  });

  it('a failed load says so and keeps simple + classic', async () => {
    answer = () =>
      json(500, { success: false, code: 'INTERNAL', error: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.' });
    renderProvider();
    expect(await screen.findByText('설정을 불러오는데 실패했습니다.')).toBeInTheDocument();
    expect(screen.getByTestId('probe')).toHaveTextContent('error simple classic');
    expect(document.documentElement.dataset.theme).toBe('simple');
  });
});
