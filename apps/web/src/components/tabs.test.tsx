import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

type Status = 'all' | 'low' | 'out';
const TABS = [
  { value: 'all', label: 'All' },
  { value: 'low', label: 'Low' },
  { value: 'out', label: 'Out of stock' },
] as const;

function Harness({ onChange }: { onChange: (value: Status) => void }) {
  const [status, setStatus] = useState<Status>('all');
  return (
    <Tabs
      label="Sizes by stock"
      tabs={TABS}
      value={status}
      onChange={(next) => {
        onChange(next);
        setStatus(next);
      }}
    >
      <p>Showing {status}</p>
      <button type="button">Receive stock</button>
    </Tabs>
  );
}

function tab(name: string) {
  return screen.getByRole('tab', { name });
}

function selectedTab() {
  return screen.getAllByRole('tab').filter((element) => element.getAttribute('aria-selected') === 'true');
}

describe('the tabs', () => {
  it('move and select with the arrow keys, wrapping at either end, and jump with Home and End', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('tablist', { name: 'Sizes by stock' })).toBeInTheDocument();
    expect(selectedTab()).toEqual([tab('All')]);

    await user.tab();
    expect(tab('All')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Low')).toHaveFocus();
    expect(selectedTab()).toEqual([tab('Low')]);
    expect(onChange).toHaveBeenLastCalledWith('low');
    expect(screen.getByRole('tabpanel', { name: 'Low' })).toHaveTextContent('Showing low');

    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toEqual([tab('Out of stock')]);
    await user.keyboard('{ArrowRight}');
    expect(tab('All')).toHaveFocus();
    expect(selectedTab()).toEqual([tab('All')]);

    await user.keyboard('{ArrowLeft}');
    expect(tab('Out of stock')).toHaveFocus();
    expect(selectedTab()).toEqual([tab('Out of stock')]);
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toEqual([tab('Low')]);

    await user.keyboard('{Home}');
    expect(tab('All')).toHaveFocus();
    expect(selectedTab()).toEqual([tab('All')]);
    await user.keyboard('{End}');
    expect(tab('Out of stock')).toHaveFocus();
    expect(selectedTab()).toEqual([tab('Out of stock')]);
    expect(screen.getByRole('tabpanel', { name: 'Out of stock' })).toHaveTextContent('Showing out');
    expect(onChange.mock.calls.map(([value]) => value)).toEqual([
      'low',
      'out',
      'all',
      'out',
      'low',
      'all',
      'out',
    ]);
  });

  it('keep only the selected tab in the Tab order, so Tab moves from it into the panel', async () => {
    const user = userEvent.setup();
    render(<Harness onChange={vi.fn()} />);
    await user.click(tab('Low'));
    expect(selectedTab()).toEqual([tab('Low')]);
    expect(tab('All')).toHaveAttribute('tabindex', '-1');
    expect(tab('Out of stock')).toHaveAttribute('tabindex', '-1');

    await user.tab();
    const panel = screen.getByRole('tabpanel', { name: 'Low' });
    expect(panel).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Receive stock' })).toHaveFocus();
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(tab('Low')).toHaveFocus();
  });
});
