import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor's 1 s is tight on a loaded 2-core machine (CI runs the API suites beside this one).
configure({ asyncUtilTimeout: 5000 });

// Without Vitest's globals the testing library cannot register this itself: unmount what a test
// rendered, so no hook of one test keeps fetching in the next.
afterEach(() => {
  cleanup();
});
