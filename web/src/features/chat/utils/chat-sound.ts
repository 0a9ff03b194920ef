import { playTones } from '@/lib/tones';

/**
 * A new chat message from the other side (chatSoundEnabled): two rising tones, 660 Hz then 880 Hz
 * over 0.16 s, so it does not sound like a notification's falling 800 → 600 Hz.
 */
export const playChatSound = (): boolean => playTones([660, 880], 0.08);
