import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => cleanup());
// Preact flushes passive effects (and unmount cleanups) after the next frame, with a 35 ms timer as
// its fallback: let that pass before jsdom is torn down, or the timer finds no cancelAnimationFrame.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
