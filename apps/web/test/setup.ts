import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// waitFor's 1 s is tight on a loaded 2-core machine (CI runs the API suites beside this one).
configure({ asyncUtilTimeout: 5000 });

// Without Vitest's globals the testing library cannot register this itself: unmount what a test
// rendered, so no hook of one test keeps fetching in the next.
afterEach(() => {
  cleanup();
});

// A page writes its head through a module it imports on first use (lib/page-head.ts): loaded
// here once, that import never lands after a test file's environment is gone.
beforeAll(async () => {
  await import('@/lib/head-tags');
});
