import { render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '#shared/settings';
import { AppSettingsContext } from '@/lib/app-settings';
import { LoginPage } from './login-page';

/** The login screen: a left panel with the site name, a tagline and three feature bullets. */
describe('LoginPage', () => {
  it('shows the site name, the tagline and three feature bullets beside the 로그인 form', () => {
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <AppSettingsContext.Provider
          value={{ settings: { ...defaultSettings(), siteName: '효과마켓' }, status: 'ready' }}
        >
          <LoginPage preview />
        </AppSettingsContext.Provider>
      </SWRConfig>,
    );
    const panel = screen.getByRole('complementary');
    expect(within(panel).getByText('효과마켓')).toBeInTheDocument();
    expect(within(panel).getByText(/한 곳에서 관리하세요/)).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['실시간 순위 추적', '간편한 슬롯 관리', '투명한 캐시 관리']);
    expect(screen.getByRole('heading', { name: '로그인' })).toBeInTheDocument();
    expect(screen.getByLabelText('아이디')).toBeInTheDocument();
  });
});
