import { afterEach, describe, expect, it, vi } from 'vitest';

/** A Web Audio stand-in that records the tones scheduled. */
class FakeAudioContext {
  static tones: { frequency: number; start: number; stop: number }[] = [];
  currentTime = 10;
  state = 'running';
  destination = {};
  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: () => undefined,
    };
  }
  createOscillator() {
    const tone = { frequency: 0, start: 0, stop: 0 };
    return {
      type: 'sine',
      frequency: { setValueAtTime: (f: number) => (tone.frequency = f) },
      connect: () => undefined,
      start: (t: number) => (tone.start = t),
      stop: (t: number) => {
        tone.stop = t;
        FakeAudioContext.tones.push(tone);
      },
    };
  }
  resume() {
    return Promise.resolve();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('notification sound', () => {
  it('plays 800 Hz then 600 Hz, 0.2 s in all', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { playNotificationSound } = await import('./notification-sound');
    expect(playNotificationSound()).toBe(true);
    expect(FakeAudioContext.tones).toEqual([
      { frequency: 800, start: 10, stop: 10.1 },
      { frequency: 600, start: 10.1, stop: 10.2 },
    ]);
  });
});
