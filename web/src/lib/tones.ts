/**
 * Short beeps made with Web Audio (no sound file to download), for the notification and the chat
 * sounds. Browsers may refuse audio before the user has interacted with the page; that is silent.
 */
let context: AudioContext | null = null;

/** Plays the frequencies (Hz) one after another, `stepSeconds` each, fading out; false when it cannot. */
export function playTones(frequencies: readonly number[], stepSeconds: number): boolean {
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return false;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const end = start + stepSeconds * frequencies.length;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.exponentialRampToValueAtTime(0.001, end);
    gain.connect(context.destination);
    frequencies.forEach((frequency, i) => {
      const oscillator = context!.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, start + i * stepSeconds);
      oscillator.connect(gain);
      oscillator.start(start + i * stepSeconds);
      oscillator.stop(start + (i + 1) * stepSeconds);
    });
    return true;
  } catch {
    return false;
  }
}
