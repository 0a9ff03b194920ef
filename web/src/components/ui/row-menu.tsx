import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import styles from './row-menu.module.css';

export interface RowMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  tone?: 'danger';
}

/** Under the button, or over it when the space below would not hold the items (about 36 px each). */
function placeUnder(button: HTMLElement | null, count: number): CSSProperties | null {
  if (!button) return null;
  const box = button.getBoundingClientRect();
  const below = window.innerHeight - box.bottom;
  const fitsBelow = below >= count * 36 + 16 || below >= box.top;
  return {
    right: Math.max(8, document.documentElement.clientWidth - box.right),
    ...(fitsBelow ? { top: box.bottom + 4 } : { bottom: window.innerHeight - box.top + 4 }),
  };
}

/**
 * A row's actions behind one '⋯' button, for screens too narrow for a row of buttons. The menu is
 * fixed to the window under (or, near the bottom, over) its button, so the table's sideways
 * scrolling box never cuts it off, and follows the button when the page scrolls; it closes on a
 * pick, Escape or a click elsewhere.
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
  const count = items.length;
  const toggle = () => (open ? close() : setPosition(placeUnder(button.current, count)));

  useLayoutEffect(() => {
    if (open) menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setPosition(null);
    };
    // The page or the table scrolled: the menu follows its button.
    const follow = (e: Event) =>
      !menu.current?.contains(e.target as Node) && setPosition(placeUnder(button.current, count));
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open, count]);

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
