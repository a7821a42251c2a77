import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

// waitFor's 1 s is tight on a loaded 2-core machine (CI runs the API suites beside this one).
configure({ asyncUtilTimeout: 5000 });

// Without Vitest's globals the testing library cannot register this itself: unmount what a test
// rendered, so no hook of one test keeps fetching in the next.
afterEach(() => {
  cleanup();
  // A worker's files share one document (vitest.config.ts, isolate): what a test left in the
  // browser's storage must not sign the next file's shopper in. Its spies go first (a test may
  // have made the storage throw).
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // A click on a mailto: or tel: link takes happy-dom's window there, and every relative path a
  // later file sets would stay on it: back to the environment's own address.
  if (!location.protocol.startsWith('http')) {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      'http://localhost:3000/',
    );
  }
});

// A page writes its head through a module it imports on first use (lib/page-head.ts): loaded
// here once, that import never lands after a test file's environment is gone.
beforeAll(async () => {
  await import('@/lib/head-tags');
});
