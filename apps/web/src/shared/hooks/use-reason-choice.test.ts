import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useReasonChoice } from './use-reason-choice';

describe('useReasonChoice', () => {
  it('starts with nothing chosen; a new choice clears the errors of the old one', () => {
    const { result } = renderHook(() => useReasonChoice());
    expect(result.current.choice).toEqual({ reasonId: null, text: '' });
    act(() => result.current.setErrors({ reason: 'Pilih alasan.' }));
    expect(result.current.errors).toEqual({ reason: 'Pilih alasan.' });
    act(() => result.current.change({ reasonId: 2, text: '' }));
    expect(result.current.choice).toEqual({ reasonId: 2, text: '' });
    expect(result.current.errors).toBeNull();
  });
});
