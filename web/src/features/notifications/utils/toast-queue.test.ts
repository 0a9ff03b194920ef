import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notification } from '../testing/notification-fixture';
import { readShownIds } from './shown-ids';
import { ToastQueue } from './toast-queue';
import { toastAutoCloses, toastDuration } from './toast-rules';
import { defaultNotificationConfig } from './notification-config';

let dismissed: string[];
const makeQueue = (userId = 'u1', maxVisible = 3) =>
  new ToastQueue({ userId, maxVisible, onDismiss: (id) => dismissed.push(id) });
const shown = (q: ToastQueue) =>
  q
    .getSnapshot()
    .filter((e) => e.phase === 'shown')
    .map((e) => e.notification.id);
const onScreen = (q: ToastQueue) => q.getSnapshot().map((e) => e.notification.id);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  dismissed = [];
});
afterEach(() => vi.useRealTimers());

describe('toast queue', () => {
  it('shows at most maxVisible, each entering 100 ms × its index after the first', () => {
    const q = makeQueue();
    for (const id of ['a', 'b', 'c', 'd', 'e']) q.add(notification({ id }));
    expect(onScreen(q)).toEqual(['a', 'b', 'c']);
    expect(shown(q)).toEqual(['a']);
    vi.advanceTimersByTime(99);
    expect(shown(q)).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(shown(q)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(100);
    expect(shown(q)).toEqual(['a', 'b', 'c']);
  });

  it('closing dismisses on the server, plays a 300 ms exit, then lets the next waiting one in', () => {
    const q = makeQueue('u1', 2);
    for (const id of ['a', 'b', 'c']) q.add(notification({ id }));
    vi.advanceTimersByTime(100);
    q.close('a');
    expect(dismissed).toEqual(['a']);
    expect(q.getSnapshot().find((e) => e.notification.id === 'a')?.phase).toBe('exiting');
    vi.advanceTimersByTime(299);
    expect(onScreen(q)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    // 'c' takes index 1 (behind 'b'), so it enters 100 ms later.
    expect(onScreen(q)).toEqual(['b', 'c']);
    expect(shown(q)).toEqual(['b']);
    vi.advanceTimersByTime(100);
    expect(shown(q)).toEqual(['b', 'c']);
    q.close('a');
    expect(dismissed).toEqual(['a']);
  });

  it('shows only undismissed, unread notifications, each id once per user, remembered across reloads', () => {
    const q = makeQueue('u1');
    expect(q.add(notification({ id: 'gone', dismissed_at: new Date().toISOString() }))).toBe(false);
    expect(q.add(notification({ id: 'read', is_read: true }))).toBe(false);
    expect(q.add(notification({ id: 'x' }))).toBe(true);
    expect(q.add(notification({ id: 'x' }))).toBe(false);
    expect([...readShownIds('u1')]).toEqual(['x']);
    q.dispose();

    // A reload: a fresh queue still knows 'x' for this user, but another user starts clean.
    expect(makeQueue('u1').add(notification({ id: 'x' }))).toBe(false);
    expect(makeQueue('u2').add(notification({ id: 'x' }))).toBe(true);
  });

  it('withdraws a toast read elsewhere without a server call', () => {
    const q = makeQueue();
    q.add(notification({ id: 'a' }));
    q.withdraw('a');
    expect(onScreen(q)).toEqual([]);
    expect(dismissed).toEqual([]);
  });
});

describe('toast timing rules', () => {
  const c = defaultNotificationConfig;
  it('auto-closes info and success only, and only when sender and user allow it', () => {
    expect(toastAutoCloses(notification({ type: 'info' }), c)).toBe(true);
    expect(toastAutoCloses(notification({ type: 'success' }), c)).toBe(true);
    for (const type of ['warning', 'error', 'custom', 'promotion'] as const)
      expect(toastAutoCloses(notification({ type }), c)).toBe(false);
    expect(toastAutoCloses(notification({ type: 'info', auto_close: false }), c)).toBe(false);
    expect(toastAutoCloses(notification({ type: 'info' }), { defaultAutoClose: false })).toBe(false);
  });

  it('5 s by default, 10 s for errors and high priority, the sender’s own duration when chosen', () => {
    expect(toastDuration(notification({}), c)).toBe(5000);
    expect(toastDuration(notification({ type: 'error' }), c)).toBe(10_000);
    expect(toastDuration(notification({ priority: 'high' }), c)).toBe(10_000);
    expect(toastDuration(notification({ duration: 8000, priority: 'high' }), c)).toBe(8000);
    expect(toastDuration(notification({}), { defaultDuration: 7000 })).toBe(7000);
  });
});
