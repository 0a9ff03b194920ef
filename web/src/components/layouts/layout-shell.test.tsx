import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LayoutShell, type LayoutPreset, type NavSection } from './layout-shell';

/** The four layout presets arrange the same parts differently. */
const navigation: NavSection[] = [
  {
    id: 'user',
    items: [
      { id: 'slots', path: '/slots', label: '내 광고 슬롯', icon: 'layers' },
      { id: 'profile', path: '/profile', label: '내 정보', icon: 'user' },
    ],
  },
];

function renderShell(preset: LayoutPreset | string) {
  const { container } = render(
    <MemoryRouter initialEntries={['/slots']}>
      <LayoutShell
        preset={preset as LayoutPreset}
        brand={<span>로고</span>}
        navigation={navigation}
        headerTitle={<span>제목줄</span>}
        breadcrumb={<nav aria-label="현재 위치">홈 › 내 광고 슬롯</nav>}
        headerActions={<a href="/profile">홍길동님</a>}
        topNavLogout={<button type="button">로그아웃</button>}
        sidebarFooter={<button type="button">로그아웃</button>}
      >
        <p>본문</p>
      </LayoutShell>
    </MemoryRouter>,
  );
  return { root: container.firstElementChild as HTMLElement, user: userEvent.setup() };
}

describe('LayoutShell', () => {
  it('classic: sidebar with the menu and a header with the page title, no breadcrumb', () => {
    const { root } = renderShell('classic');
    expect(root).toHaveAttribute('data-layout', 'classic');
    expect(screen.getByRole('complementary', { name: '사이드바' })).toBeInTheDocument();
    expect(screen.getByText('제목줄')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '현재 위치' })).not.toBeInTheDocument();
  });

  it('dashboard: the sidebar comes after the page (drawn on the right) and the header shows the breadcrumb', () => {
    const { root } = renderShell('dashboard');
    expect(root).toHaveAttribute('data-layout', 'dashboard');
    expect(screen.getByRole('navigation', { name: '현재 위치' })).toBeInTheDocument();
    expect(screen.queryByText('제목줄')).not.toBeInTheDocument();
  });

  it('modern: a top nav without the profile entry (the name link leads there), breadcrumb and footer', () => {
    const { root } = renderShell('modern');
    expect(root).toHaveAttribute('data-layout', 'modern');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '주 메뉴' });
    expect(within(menu).getByRole('link', { name: '내 광고 슬롯' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: '내 정보' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '홍길동님' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '현재 위치' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('minimal: no header; the floating menu button opens and closes the menu drawer', async () => {
    const { root, user } = renderShell('minimal');
    expect(root).toHaveAttribute('data-layout', 'minimal');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: '메뉴 열기' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const floating = screen.getAllByRole('button', { name: '메뉴 닫기' }).find((b) => b.hasAttribute('aria-expanded'));
    expect(floating).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: '메뉴 열기' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('an unknown preset falls back to classic', () => {
    const { root } = renderShell('spiral');
    expect(root).toHaveAttribute('data-layout', 'classic');
  });
});
