import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// As in development (web/src/main.tsx): every effect runs, cleans up and runs again on mount.
// findBy*/waitFor give up after 1 s by default: too short for a render on two cores shared with the
// rest of the suite (a test fails on time, not on behaviour).
configure({ reactStrictMode: true, asyncUtilTimeout: 5000 });
afterEach(() => cleanup());
