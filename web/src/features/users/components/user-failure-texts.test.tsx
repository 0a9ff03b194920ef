import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { resetSessionForTests } from '@/lib/session-store';
import { adminUser } from '../testing/admin-user';
import { EditUserDialog } from './edit-user-dialog';
import { DeleteUserDialog, SwitchUserDialog } from './user-row-dialogs';

/**
 * User management: without a server text a failure reads its own words —
 * '사용자 정보 수정에 실패했습니다.', '사용자 삭제에 실패했습니다.', '사용자 전환에 실패했습니다.' — and
 * no answer at all reads '사용자 전환 중 오류가 발생했습니다.'.
 */
const target = adminUser();
/** A gateway page instead of the API's envelope: the answer carries no server text. */
const noText = (status: number) => new Response('<html>bad gateway</html>', { status });
let answer: () => Response;

beforeEach(() => {
  resetSessionForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
});
afterEach(() => vi.unstubAllGlobals());

function wrap(ui: ReactNode) {
  render(
    <MemoryRouter>
      <ToastProvider>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
      </ToastProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('user management failure texts', () => {
  it('edit: 사용자 정보 수정에 실패했습니다.', async () => {
    answer = () => noText(502);
    const user = wrap(<EditUserDialog user={target} canGrantDeveloper={false} isSelf={false} onClose={vi.fn()} />);
    await user.clear(screen.getByLabelText('이름'));
    await user.type(screen.getByLabelText('이름'), '새이름');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('사용자 정보 수정에 실패했습니다.')).toBeInTheDocument();
  });

  it('delete: 사용자 삭제에 실패했습니다.', async () => {
    answer = () => noText(502);
    const user = wrap(<DeleteUserDialog user={target} onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('사용자 삭제에 실패했습니다.')).toBeInTheDocument();
  });

  it('switch refused without a server text: 사용자 전환에 실패했습니다.', async () => {
    answer = () => noText(404);
    const user = wrap(<SwitchUserDialog user={target} onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: '전환' }));
    expect(await screen.findByText('사용자 전환에 실패했습니다.')).toBeInTheDocument();
  });

  it('switch with no answer: 사용자 전환 중 오류가 발생했습니다.', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const user = wrap(<SwitchUserDialog user={target} onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: '전환' }));
    expect(await screen.findByText('사용자 전환 중 오류가 발생했습니다.')).toBeInTheDocument();
  });
});
