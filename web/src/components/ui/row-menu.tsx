import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import styles from './row-menu.module.css';

export interface RowMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  tone?: 'danger';
}

/**
 * A row's actions behind one '⋯' button, for screens too narrow for a row of buttons. The menu is
 * fixed to the window under (or, near the bottom, over) its button, so the table's sideways
 * scrolling box never cuts it off; it closes on a pick, Escape, a click elsewhere or a scroll.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const open = position !== null;

  const close = (refocus = false) => {
    setPosition(null);
    if (refocus) button.current?.focus();
  };
  const toggle = () => {
    if (open || !button.current) return close();
    const box = button.current.getBoundingClientRect();
    const below = window.innerHeight - box.bottom;
    // Each item is about 36 px high: open upwards when the space below would not hold them.
    const fitsBelow = below >= items.length * 36 + 16 || below >= box.top;
    setPosition({
      right: Math.max(8, document.documentElement.clientWidth - box.right),
      ...(fitsBelow ? { top: box.bottom + 4 } : { bottom: window.innerHeight - box.top + 4 }),
    });
  };

  useLayoutEffect(() => {
    if (open) menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setPosition(null);
    };
    const onScroll = (e: Event) => !menu.current?.contains(e.target as Node) && setPosition(null);
    const onResize = () => setPosition(null);
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [open]);

  const onMenuKey = (e: KeyboardEvent) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      entries[(at + step + entries.length) % entries.length]?.focus();
    } else if (e.key === 'Tab') {
      close();
    }
  };

  if (items.length === 0) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        onClick={toggle}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
      >
        ⋯
      </button>
      {open && (
        <div
          ref={menu}
          className={styles.menu}
          role="menu"
          tabIndex={-1}
          aria-label={label}
          style={position}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className={item.tone === 'danger' ? styles.danger : undefined}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
