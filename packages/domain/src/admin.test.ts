import { describe, expect, it } from 'vitest';
import { formatFileSize } from './admin';

describe('formatFileSize', () => {
  it('says KB below a megabyte (never 0 KB) and MB with one decimal comma above', () => {
    expect(formatFileSize(10)).toBe('1 KB');
    expect(formatFileSize(14_384)).toBe('14 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1,0 MB');
    expect(formatFileSize(9.4 * 1024 * 1024)).toBe('9,4 MB');
  });
});
