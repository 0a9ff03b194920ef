import type { NotificationDto } from '#shared/schemas/notifications';
import { readShownIds, rememberShownId } from './shown-ids';
import { TOAST_EXIT_MS, TOAST_STAGGER_MS } from './toast-rules';

export interface ToastEntry {
  notification: NotificationDto;
  /** Its place among the visible toasts when it entered (sets its 100 ms × index delay). */
  index: number;
  /** waiting: in the stack but not yet entered; shown; exiting: playing the 300 ms exit. */
  phase: 'waiting' | 'shown' | 'exiting';
}

export interface ToastQueueOptions {
  userId: string;
  maxVisible: number;
  /** A toast the user closed (or that closed itself): dismiss it on the server. */
  onDismiss: (id: string) => void;
}

/**
 * The toast stack: only undismissed notifications, each id once per user
 * (remembered in localStorage across reloads and tabs), at most maxVisible on screen, the rest wait.
 * A plain store so the rules are testable without React; the toaster renders its snapshot.
 */
export class ToastQueue {
  private entries: ToastEntry[] = [];
  private readonly pending: NotificationDto[] = [];
  private readonly seen = new Set<string>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();

  constructor(private options: ToastQueueOptions) {}

  setMaxVisible(maxVisible: number) {
    this.options = { ...this.options, maxVisible };
    this.fill();
  }

  getSnapshot = (): ToastEntry[] => this.entries;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Queues a notification as a toast; false when it must not show (dismissed, read or already shown). */
  add(notification: NotificationDto): boolean {
    if (!this.accepts(notification)) return false;
    this.seen.add(notification.id);
    this.pending.push(notification);
    this.fill();
    return true;
  }

  accepts(notification: NotificationDto): boolean {
    if (notification.dismissed_at || notification.is_read) return false;
    return !this.seen.has(notification.id) && !readShownIds(this.options.userId).has(notification.id);
  }

  /** Marks ids as handled without showing them (the backlog found at start beyond maxVisible). */
  skip(ids: string[]) {
    for (const id of ids) this.seen.add(id);
  }

  /** The user closed it (or its time ran out): dismiss on the server, exit, let the next one in. */
  close(id: string) {
    const entry = this.entries.find((e) => e.notification.id === id);
    if (!entry || entry.phase === 'exiting') return;
    this.update((list) => list.map((e) => (e === entry ? { ...e, phase: 'exiting' } : e)));
    this.options.onDismiss(id);
    this.later(TOAST_EXIT_MS, () => {
      this.update((list) => list.filter((e) => e.notification.id !== id));
      this.fill();
    });
  }

  /** Drops a toast without a server call (it was read or deleted elsewhere). */
  withdraw(id: string) {
    const at = this.pending.findIndex((n) => n.id === id);
    if (at >= 0) this.pending.splice(at, 1);
    // One already leaving (closed, then read on the server) plays its exit to the end.
    if (this.entries.some((e) => e.notification.id === id && e.phase !== 'exiting')) {
      this.update((list) => list.filter((e) => e.notification.id !== id || e.phase === 'exiting'));
      this.fill();
    }
  }

  dispose() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.listeners.clear();
  }

  private fill() {
    const added: ToastEntry[] = [];
    while (this.entries.length + added.length < this.options.maxVisible && this.pending.length > 0) {
      const notification = this.pending.shift()!;
      const index = this.entries.length + added.length;
      rememberShownId(this.options.userId, notification.id);
      added.push({ notification, index, phase: index === 0 ? 'shown' : 'waiting' });
      if (index > 0) {
        this.later(index * TOAST_STAGGER_MS, () =>
          this.update((list) =>
            list.map((e) =>
              e.notification.id === notification.id && e.phase === 'waiting' ? { ...e, phase: 'shown' } : e,
            ),
          ),
        );
      }
    }
    if (added.length) this.update((list) => [...list, ...added]);
  }

  private later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private update(change: (list: ToastEntry[]) => ToastEntry[]) {
    this.entries = change(this.entries);
    for (const listener of this.listeners) listener();
  }
}
