import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens load as lazy chunks; on a busy shared machine that can take longer than the 1 s default wait.
configure({ asyncUtilTimeout: 5000 });

// Files share their worker's jsdom (isolate: false): what a test leaves in the window goes with it.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
