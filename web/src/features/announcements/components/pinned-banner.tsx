import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { htmlToText } from '#shared/announcement-html';
import type { Announcement } from '#shared/announcements';
import { Icon } from '@/components/ui/icon';
import { useRoute } from '@/lib/route-data';
import { useClosedBanners } from '../hooks/use-closed-banners';
import styles from './pinned-banner.module.css';

/** 120 characters, then an ellipsis, so the banner stays one line; a new item every 5 seconds. */
const BANNER_TEXT_MAX = 120;
export const BANNER_ROTATE_MS = 5000;
/** The banner takes the newest 10 pinned, live announcements. */
const BANNER_LIMIT = 10;

function bannerText(a: Pick<Announcement, 'title' | 'content' | 'content_type'>): string {
  const body = a.content_type === 'html' ? htmlToText(a.content) : a.content.replace(/\s+/g, ' ').trim();
  const text = body ? `${a.title} — ${body}` : a.title;
  return text.length > BANNER_TEXT_MAX ? `${text.slice(0, BANNER_TEXT_MAX)}…` : text;
}

/**
 * The pinned-announcement banner above every page of every layout (mounted by the app shell):
 * pinned and active items only, markup stripped, rotating every 5 s (paused while pointed at or
 * focused), each closable for the rest of the session. Hidden when the load fails or nothing is left.
 */
export function PinnedBanner() {
  // A failed load hides the banner (a notice bar is not worth an error); no retry storm on every page.
  const { data, error } = useRoute('GET /api/announcements/pinned', undefined, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  const { closed, close } = useClosedBanners();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const items = useMemo(
    () =>
      (data ?? [])
        .filter((a) => a.is_pinned && a.is_active)
        .slice(0, BANNER_LIMIT)
        .filter((a) => !closed.includes(a.id)),
    [data, closed],
  );

  useEffect(() => {
    if (items.length < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), BANNER_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [items.length, paused]);

  if (error || items.length === 0) return null;
  const current = items[index % items.length];
  return (
    <div
      className={`${styles.banner} ${current.priority === 'urgent' ? styles.urgent : ''}`}
      role="region"
      aria-label="고정 공지"
      data-testid="pinned-banner"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon name="megaphone" size={16} />
      <Link to="/announcements" className={styles.text} data-announcement-id={current.id}>
        {bannerText(current)}
      </Link>
      {items.length > 1 && (
        <span className={styles.count} aria-hidden="true">
          {(index % items.length) + 1}/{items.length}
        </span>
      )}
      <button
        type="button"
        className={styles.close}
        aria-label="공지 닫기"
        title="공지 닫기"
        onClick={() => close(current.id)}
      >
        <Icon name="x" size={14} />
      </button>
    </div>
  );
}
