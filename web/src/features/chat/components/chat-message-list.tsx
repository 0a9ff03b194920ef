import { Fragment, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { CHAT_SCROLL_THRESHOLD_PX } from '#shared/schemas/chat';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { dayLabel, kstDayKey } from '../utils/chat-format';
import type { DisplayMessage } from '../utils/message-status';
import { ChatBubble } from './chat-bubble';
import styles from './chat.module.css';

interface ChatMessageListProps {
  messages: DisplayMessage[];
  loading: boolean;
  empty: ReactNode;
  onRetry: (localId: string) => void;
}

/**
 * The scrolling list: a divider per KST day, the newest at the bottom. It follows new messages while
 * the reader is near the bottom; scrolled more than 100 px up, a button brings them back down.
 */
export function ChatMessageList({ messages, loading, empty, onRetry }: ChatMessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [away, setAway] = useState(false);
  const awayRef = useRef(false);

  const toBottom = (smooth = false) => {
    const box = scroller.current;
    if (!box) return;
    if (smooth && typeof box.scrollTo === 'function') box.scrollTo({ top: box.scrollHeight, behavior: 'smooth' });
    else box.scrollTop = box.scrollHeight;
  };

  // Layout effect: the jump happens before paint, so the reader never sees the list at the top.
  const last = messages.at(-1);
  useLayoutEffect(() => {
    if (!awayRef.current || last?.own) toBottom();
  }, [last?.key, last?.own, messages.length, loading]);

  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    const next = box.scrollHeight - box.scrollTop - box.clientHeight > CHAT_SCROLL_THRESHOLD_PX;
    awayRef.current = next;
    setAway(next);
  };

  return (
    <div className={styles.listWrap}>
      <div
        ref={scroller}
        className={styles.list}
        onScroll={onScroll}
        role="log"
        aria-label="대화 내용"
        aria-live="polite"
        tabIndex={0}
      >
        {loading ? (
          <div className={styles.centre}>
            <Spinner label="대화를 불러오는 중..." />
          </div>
        ) : messages.length === 0 ? (
          <div className={styles.centre}>{empty}</div>
        ) : (
          <ul className={styles.messages}>
            {messages.map((item, i) => {
              const day = kstDayKey(item.message.created_at);
              const divider = i === 0 || day !== kstDayKey(messages[i - 1].message.created_at);
              return (
                <Fragment key={item.key}>
                  {divider && (
                    <li className={styles.divider} data-testid="chat-date-divider">
                      <span>{dayLabel(item.message.created_at)}</span>
                    </li>
                  )}
                  <ChatBubble item={item} onRetry={onRetry} />
                </Fragment>
              );
            })}
          </ul>
        )}
      </div>
      {away && (
        <button
          type="button"
          className={styles.toBottom}
          onClick={() => {
            awayRef.current = false;
            setAway(false);
            toBottom(true);
          }}
          aria-label="최신 메시지로 이동"
          title="최신 메시지로 이동"
        >
          <Icon name="chevron-right" size={18} className={styles.down} />
        </button>
      )}
    </div>
  );
}
