import { playTones } from '@/lib/tones';

/** Two tones, 800 Hz then 600 Hz, over 0.2 s. */
export const playNotificationSound = (): boolean => playTones([800, 600], 0.1);
