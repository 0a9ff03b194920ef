import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// As in development (web/src/main.tsx): every effect runs, cleans up and runs again on mount.
configure({ reactStrictMode: true });
afterEach(() => cleanup());
