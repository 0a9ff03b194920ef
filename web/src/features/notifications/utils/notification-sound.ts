/**
 * Advertiser §9: two tones, 800 Hz then 600 Hz, over 0.2 s, made with Web Audio (no sound file to
 * download). Browsers may refuse audio before the user has interacted with the page; that is silent.
 */
let context: AudioContext | null = null;

export function playNotificationSound(): boolean {
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return false;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.2);
    gain.connect(context.destination);
    const tone = (frequency: number, from: number, to: number) => {
      const oscillator = context!.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, from);
      oscillator.connect(gain);
      oscillator.start(from);
      oscillator.stop(to);
    };
    tone(800, start, start + 0.1);
    tone(600, start + 0.1, start + 0.2);
    return true;
  } catch {
    return false;
  }
}
