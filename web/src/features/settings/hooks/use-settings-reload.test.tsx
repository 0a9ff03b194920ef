import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_CHANGED_EVENT } from '@/lib/app-settings';
import { useSystemSettings } from '../api/get-system-settings';
import { useSettingsReload } from './use-settings-reload';

/**
 * Settings are cached 10 seconds, reload on a route change once older than
 * that, and reload at once on the window event 'systemSettingsChanged'.
 */
let now = 1_800_000_000_000;
let siteName = '첫 이름';
const fetchMock = vi.fn(
  async () =>
    new Response(JSON.stringify({ success: true, data: { theme: { siteName } } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
);

beforeEach(() => {
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Shell() {
  useSettingsReload();
  const { data } = useSystemSettings();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="site">{data?.siteName ?? '-'}</p>
      <button type="button" onClick={() => navigate(`/page-${Math.random()}`)}>
        이동
      </button>
    </>
  );
}

describe('settings reload', () => {
  it('reloads on a route change only after 10 s, and at once on systemSettingsChanged', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/slots']}>
        <Shell />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('site')).toHaveTextContent('첫 이름'));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // 5 s later a route change uses the cached copy.
    now += 5_000;
    siteName = '둘째 이름';
    await user.click(screen.getByRole('button', { name: '이동' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('site')).toHaveTextContent('첫 이름');

    // Past 10 s the next route change reloads.
    now += 6_000;
    await user.click(screen.getByRole('button', { name: '이동' }));
    await waitFor(() => expect(screen.getByTestId('site')).toHaveTextContent('둘째 이름'));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The window event reloads at once, cache or not.
    siteName = '셋째 이름';
    act(() => {
      window.dispatchEvent(new Event(SETTINGS_CHANGED_EVENT));
    });
    await waitFor(() => expect(screen.getByTestId('site')).toHaveTextContent('셋째 이름'));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
