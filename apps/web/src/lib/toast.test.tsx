import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** lib/toast as on a fresh page: sonner not loaded yet. */
async function freshToasts() {
  vi.resetModules();
  return import('./toast');
}

/** Sonner's toaster, once mounted: the region its toasts appear in. */
const toaster = () => screen.queryByRole('region', { name: /Notifications/ });

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('the toasts', () => {
  it('are not loaded with the page: nothing of sonner until a toast, which then appears', async () => {
    const { Toasts, toast } = await freshToasts();
    render(<Toasts />);
    // Given the time to load, nothing is: no toast was asked for, no tap was made.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toaster()).not.toBeInTheDocument();

    act(() => toast.success('Château Margaux added to your cart', { duration: 60_000 }));
    expect(await screen.findByText('Château Margaux added to your cart')).toBeInTheDocument();
    expect(toaster()).toBeInTheDocument();
  });

  it('are loaded by the first tap, before any toast', async () => {
    const { Toasts } = await freshToasts();
    render(<Toasts />);
    fireEvent.pointerDown(document.body);
    await vi.waitFor(() => expect(toaster()).toBeInTheDocument());
  });

  it('shows toasts asked for before the toaster mounted, in their order', async () => {
    const { Toasts, toast } = await freshToasts();
    toast.info('First', { duration: 60_000 });
    toast.error('Second', { duration: 60_000 });
    render(<Toasts />);
    const first = await screen.findByText('First');
    const second = await screen.findByText('Second');
    expect(first.closest('li')).toHaveAttribute('data-type', 'info');
    expect(second.closest('li')).toHaveAttribute('data-type', 'error');
  });
});
