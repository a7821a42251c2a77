import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { closeAddedPopup, showAddedPopup, useAddedPopup } from './added-popup';

it('names the product just added until the popup is closed', () => {
  // The popup is one per page (module state), and this worker's earlier files may have left one.
  act(() => closeAddedPopup());
  const { result } = renderHook(() => useAddedPopup());
  expect(result.current).toBeNull();
  act(() => showAddedPopup('Anel Solitário'));
  expect(result.current).toBe('Anel Solitário');
  act(() => showAddedPopup('Brinco Gota'));
  expect(result.current).toBe('Brinco Gota');
  act(() => closeAddedPopup());
  expect(result.current).toBeNull();
});
