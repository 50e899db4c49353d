import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePageParam } from './use-page-param';

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ param: usePageParam(), location: useLocation() }), { wrapper });
}

describe('usePageParam', () => {
  it.each([
    ['/wallet', 1],
    ['/wallet?page=3', 3],
    ['/wallet?page=0', 1],
    ['/wallet?page=-2', 1],
    ['/wallet?page=2.5', 1],
    ['/wallet?page=abc', 1],
  ])('reads %s as page %i', (url, page) => {
    expect(renderAt(url).result.current.param[0]).toBe(page);
  });

  it('writes the page into the address, keeps the other parameters, and drops ?page for page 1', () => {
    const { result } = renderAt('/admin/products?search=gas');
    act(() => result.current.param[1](4));
    expect(result.current.param[0]).toBe(4);
    expect(result.current.location.search).toBe('?search=gas&page=4');
    act(() => result.current.param[1](1));
    expect(result.current.param[0]).toBe(1);
    expect(result.current.location.search).toBe('?search=gas');
  });
});
