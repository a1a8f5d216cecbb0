import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListSearch } from './list-search';

describe('the list search box', () => {
  it('sends the trimmed text on Search and on Enter, and an emptied box as no search', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<ListSearch name="Find a size" label="Product name or SKU" maxLength={12} onSearch={onSearch} />);
    const form = screen.getByRole('form', { name: 'Find a size' });
    const field = within(form).getByRole('searchbox', { name: 'Product name or SKU' });
    expect(field).toHaveAttribute('maxlength', '12');

    await user.type(field, '  kc-red-005 ');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('kc-red-005');

    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('starts from the text already searched', () => {
    render(
      <ListSearch name="Find a customer" label="Name" maxLength={100} initial="Grace" onSearch={vi.fn()} />,
    );
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('Grace');
  });

  it('sends its other filters with the same Search, and Clear empties the box', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const onClear = vi.fn();
    render(
      <ListSearch
        name="Find orders"
        label="Order number"
        maxLength={100}
        onSearch={onSearch}
        onClear={onClear}
      >
        <label>
          Zone <select name="zone" />
        </label>
      </ListSearch>,
    );
    const form = screen.getByRole('form', { name: 'Find orders' });
    expect(within(form).getByRole('combobox', { name: 'Zone' })).toBeInTheDocument();
    const field = within(form).getByRole('searchbox', { name: 'Order number' });
    await user.type(field, 'ORD-1{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('ORD-1');
    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    expect(field).toHaveValue('');
    expect(onClear).toHaveBeenCalledOnce();
  });
});
