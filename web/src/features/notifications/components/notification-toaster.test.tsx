import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notification } from '../testing/notification-fixture';
import { defaultNotificationConfig, toastPositions, type NotificationConfig } from '../utils/notification-config';
import { ToastQueue } from '../utils/toast-queue';
import { NotificationToaster } from './notification-toaster';

let dismissed: string[];
let queue: ToastQueue;
const renderToaster = (config: Partial<NotificationConfig> = {}, onAction = vi.fn()) =>
  render(
    <NotificationToaster queue={queue} config={{ ...defaultNotificationConfig, ...config }} onAction={onAction} />,
  );

beforeEach(() => {
  localStorage.clear();
  dismissed = [];
  queue = new ToastQueue({ userId: 'u1', maxVisible: 3, onDismiss: (id) => dismissed.push(id) });
});
afterEach(() => queue.dispose());

describe('toaster', () => {
  it.each(toastPositions)('stacks at %s', (position) => {
    renderToaster({ position });
    expect(screen.getByRole('region', { name: '알림 메시지' })).toHaveAttribute('data-position', position);
  });

  it('renders icon, title, message, the three action styles and a ring for high priority, with the chosen animation', async () => {
    const onAction = vi.fn();
    renderToaster({ animation: 'bounce' }, onAction);
    act(() => {
      queue.add(
        notification({
          id: 'h1',
          type: 'error',
          priority: 'high',
          title: '결제 실패',
          message: '카드 승인이 거절되었습니다.',
          actions: [
            { label: '다시 시도', style: 'primary', action: '/cash' },
            { label: '나중에', style: 'secondary', action: '/slots' },
            { label: '취소', style: 'danger', action: '/slots' },
          ],
        }),
      );
    });
    const toast = screen.getByRole('alert', { name: '결제 실패' });
    expect(toast).toHaveTextContent('카드 승인이 거절되었습니다.');
    expect(toast.className).toMatch(/high/);
    expect(toast.className).toMatch(/enter-bounce/);
    expect(toast.querySelector('svg')).not.toBeNull();
    const buttons = within(toast)
      .getAllByRole('button')
      .map((b) => [b.textContent, b.className.match(/action-([a-z]+)/)?.[1]]);
    expect(buttons.slice(0, 3)).toEqual([
      ['다시 시도', 'primary'],
      ['나중에', 'secondary'],
      ['취소', 'danger'],
    ]);
    await userEvent.click(within(toast).getByRole('button', { name: '다시 시도' }));
    expect(onAction).toHaveBeenCalledWith('h1', { label: '다시 시도', style: 'primary', action: '/cash' });
    await userEvent.click(within(toast).getByRole('button', { name: '알림 닫기' }));
    expect(dismissed).toEqual(['h1']);
    expect(toast.className).toMatch(/exit-bounce/);
  });
});
