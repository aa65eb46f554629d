// Run before each test file. The tests that render or read a DOM ask for one (`// @vitest-environment
// jsdom` at their top) and get the DOM matchers and a clean page, storage included, after each
// test; the others run in plain Node, which starts in a fraction of jsdom's time.
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
