import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { notificationMessages } from '#shared/messages/notifications';
import { Icon } from '@/components/ui/icon';
import { useNotificationList } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { useNow } from '../hooks/use-now';
import { badgeText, typeIcon, typeTone, unreadButtonName } from '../utils/notification-display';
import { formatRelativeTime } from '../utils/relative-time';
import styles from './notifications.module.css';

const BELL_DROPDOWN_SIZE = 5;

/**
 * The bell of the top navigation: unread badge (99+) and a dropdown of the latest 5.
 * A disclosure: Enter/Space or ArrowDown opens it, arrows move between rows, Escape closes and
 * returns focus to the bell.
 */
export function NotificationBell() {
  const { pathname } = useLocation();
  // Open on one page only: navigating closes it in the same render, so it never shows over the next page.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const { data: count } = useUnreadCount();
  const list = useNotificationList('all');
  const { trigger: markRead } = useMarkRead();
  const { trigger: markAll, isMutating: markingAll } = useMarkAllRead();
  const now = useNow();
  const unread = count?.count ?? 0;
  const latest = list.items.slice(0, BELL_DROPDOWN_SIZE);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const rows = () => [...(wrapRef.current?.querySelectorAll<HTMLElement>('[data-bell-row]') ?? [])];
  const focusRow = (delta: number) => {
    const all = rows();
    if (!all.length) return;
    const at = all.indexOf(document.activeElement as HTMLElement);
    all[(at + delta + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        requestAnimationFrame(() => focusRow(1));
      } else focusRow(1);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      focusRow(-1);
    }
  };

  return (
    // Catches the keys of the bell and its rows as they bubble: a container, not a control.
    <div className={styles.bellWrap} ref={wrapRef} role="presentation" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.bell}
        aria-label={unreadButtonName('알림', unread)}
        aria-expanded={open}
        aria-controls={panelId}
        title="알림"
        onClick={() => setOpen(!open)}
      >
        <Icon name="bell" size={18} />
        {unread > 0 && (
          <span className={styles.badge} data-testid="bell-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className={styles.dropdown} role="region" aria-label="최근 알림">
          <div className={styles.dropdownHead}>
            <span className={styles.dropdownTitle}>알림</span>
            {unread > 0 && (
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => void markAll().catch(() => undefined)}
                disabled={markingAll}
              >
                모두 읽음
              </button>
            )}
          </div>
          {latest.length === 0 ? (
            <p className={styles.dropdownEmpty}>{list.isLoading ? '불러오는 중…' : notificationMessages.empty}</p>
          ) : (
            <ul className={styles.dropdownList}>
              {latest.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    data-bell-row
                    className={`${styles.dropdownRow} ${n.is_read ? '' : styles.unread}`}
                    onClick={() => {
                      if (!n.is_read) void markRead(n.id).catch(() => undefined);
                    }}
                    aria-label={`${n.is_read ? '' : '읽지 않음: '}${n.title}, ${formatRelativeTime(n.created_at, now)}`}
                  >
                    <span className={`${styles.typeIcon} ${styles[typeTone(n.type)]}`} aria-hidden="true">
                      <Icon name={typeIcon(n.type)} size={16} />
                    </span>
                    <span className={styles.dropdownText}>
                      <span className={styles.itemTitle}>{n.title}</span>
                      <span className={styles.itemMessageCompact}>{n.message}</span>
                      <span className={styles.itemTime}>{formatRelativeTime(n.created_at, now)}</span>
                    </span>
                    {!n.is_read && <span className={styles.unreadDot} aria-hidden="true" />}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Link to="/notifications" className={styles.dropdownFooter} data-bell-row>
            모든 알림 보기
          </Link>
        </div>
      )}
    </div>
  );
}
