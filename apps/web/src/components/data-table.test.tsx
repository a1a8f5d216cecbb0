import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable, PagedDataTable } from './data-table';

type Zone = { id: number; name: string; fee: number };
const zones: Zone[] = [
  { id: 1, name: 'Central Kampala', fee: 5_000 },
  { id: 2, name: 'Entebbe', fee: 25_000 },
];
const columns: Array<DataColumn<Zone>> = [
  { header: 'Zone', rowHeader: true, cell: (zone) => zone.name },
  { header: 'Fee', cell: (zone) => `UGX ${zone.fee.toLocaleString('en-US')}` },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (zone, index) => <button type="button">{`Change ${zone.name} (row ${index + 1})`}</button>,
  },
];

describe('the data table', () => {
  it('shows each column declared once, its name labelling every value for the phone layout', () => {
    render(<DataTable caption="Delivery zones" columns={columns} rows={zones} rowKey={(zone) => zone.id} />);
    const table = screen.getByRole('table', { name: 'Delivery zones' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Zone', 'Fee', 'Actions']);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Entebbe');
    const fee = within(rows[1]!).getByText('UGX 25,000');
    expect(fee).toHaveAttribute('data-label', 'Fee');
    // The actions' header is read out only, so no label stands before the buttons on a phone.
    expect(
      within(rows[1]!).getByRole('button', { name: 'Change Entebbe (row 2)' }).parentElement,
    ).toHaveAttribute('data-label', '');
  });

  it('sums the rows up in lines named across the leading columns, the figure under the last one', () => {
    render(
      <DataTable
        caption="Delivery zones"
        columns={columns}
        rows={zones}
        rowKey={(zone) => zone.id}
        footLines={[
          { key: 'fees', label: 'Fees', value: 'UGX 30,000' },
          { key: 'total', label: 'Total', value: 'UGX 30,000', strong: true },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.slice(-2).map((row) => row.textContent)).toEqual(['FeesUGX 30,000', 'TotalUGX 30,000']);
    const total = within(rows.at(-1)!).getByRole('rowheader', { name: 'Total' });
    expect(total).toHaveAttribute('colspan', '2');
  });

  it('marks the current row and opens a full-width row under the one being edited', () => {
    render(
      <DataTable
        caption="Delivery zones"
        columns={columns}
        rows={zones}
        rowKey={(zone) => zone.id}
        isCurrent={(zone) => zone.id === 2}
        detail={(zone) => (zone.id === 2 ? <form aria-label="Change Entebbe" /> : null)}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    const editor = within(rows[2]!).getByRole('form', { name: 'Change Entebbe' });
    expect(editor.closest('td')).toHaveAttribute('colspan', '3');
  });

  it('adds a totals row named across the leading columns, and a shorter phone label where asked', () => {
    const withTotals: Array<DataColumn<Zone>> = [
      { header: 'Zone', rowHeader: true, cell: (zone) => zone.name },
      {
        header: 'Delivery fee charged',
        label: 'Fee',
        cell: (zone) => `UGX ${zone.fee.toLocaleString('en-US')}`,
        total: 'UGX 30,000',
      },
    ];
    render(
      <DataTable
        caption="Delivery zones"
        columns={withTotals}
        rows={zones}
        rowKey={(zone) => zone.id}
        totalsLabel="All zones"
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ZoneDelivery fee charged',
      'Central KampalaUGX 5,000',
      'EntebbeUGX 25,000',
      'All zonesUGX 30,000',
    ]);
    expect(within(rows[3]!).getByRole('rowheader')).toHaveTextContent('All zones');
    expect(within(rows[3]!).getByText('UGX 30,000')).toHaveAttribute('data-label', 'Fee');
    expect(within(rows[1]!).getByText('UGX 5,000')).toHaveAttribute('data-label', 'Fee');
  });

  it('draws no totals row when no column has a total', () => {
    render(<DataTable caption="Delivery zones" columns={columns} rows={zones} rowKey={(zone) => zone.id} />);
    expect(within(screen.getByRole('table')).queryByText('Total')).not.toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('says it is empty instead of drawing an empty table, keeping a shown caption', () => {
    render(
      <DataTable
        caption="By zone"
        showCaption
        columns={columns}
        rows={[]}
        rowKey={(zone) => zone.id}
        empty="No money in this period."
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('By zone')).toBeInTheDocument();
    expect(screen.getByText('No money in this period.')).toBeInTheDocument();
  });
});

describe('sorting by a column', () => {
  const sortable: Array<DataColumn<Zone>> = [
    { header: 'Zone', rowHeader: true, cell: (zone) => zone.name, sort: { asc: 'name', desc: '-name' } },
    {
      header: 'Fee',
      cell: (zone) => String(zone.fee),
      sort: { asc: 'fee', desc: '-fee', descFirst: true },
    },
    { header: 'Actions', hideHeader: true, cell: () => null },
  ];
  const renderSorted = (sort: string | undefined) => {
    const onSortChange = vi.fn();
    const view = render(
      <DataTable
        caption="Delivery zones"
        columns={sortable}
        rows={zones}
        rowKey={(zone) => zone.id}
        sort={sort}
        onSortChange={onSortChange}
      />,
    );
    return { onSortChange, ...view };
  };
  const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

  it('marks the sorted column with aria-sort, and only that one', () => {
    renderSorted('-name');
    expect(header('Zone')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Fee')).not.toHaveAttribute('aria-sort');
    expect(within(header('Actions')).queryByRole('button')).toBeNull();
  });

  it('asks for the other direction of the sorted column, and a new column’s first direction', async () => {
    const { onSortChange } = renderSorted('name');
    expect(header('Zone')).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(header('Zone')).getByRole('button', { name: /^Zone/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('-name');
    // Fee's first press asks for the largest first, as the column declares.
    await userEvent.click(within(header('Fee')).getByRole('button', { name: /^Fee/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('-fee');
  });

  it('is worked from the keyboard: Tab reaches the header buttons, Enter and Space press them', async () => {
    const { onSortChange } = renderSorted('-fee');
    await userEvent.tab();
    expect(within(header('Zone')).getByRole('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith('name');
    await userEvent.tab();
    expect(within(header('Fee')).getByRole('button')).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onSortChange).toHaveBeenLastCalledWith('fee');
    expect(onSortChange).toHaveBeenCalledTimes(2);
  });

  it('marks no column for an order no column gives (a search’s best match), and keeps the rows’ order', () => {
    renderSorted(undefined);
    expect(screen.getAllByRole('columnheader').filter((cell) => cell.hasAttribute('aria-sort'))).toEqual([]);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Central Kampala',
      'Entebbe',
    ]);
  });

  it('draws plain headers when the list cannot be sorted (no onSortChange)', () => {
    render(<DataTable caption="Delivery zones" columns={sortable} rows={zones} rowKey={(zone) => zone.id} />);
    expect(within(screen.getByRole('table')).queryAllByRole('button')).toEqual([]);
  });
});

describe('the paged data table', () => {
  const wording = { what: 'The zones', loading: 'Loading zones…', empty: 'No zones yet.' };
  const page = (results: Zone[], totalPages: number, next: string | null) => ({
    results,
    total_pages: totalPages,
    next,
  });

  function show(
    query: Parameters<typeof PagedDataTable<ReturnType<typeof page>>>[0]['query'],
    onPage = vi.fn(),
  ) {
    render(
      <PagedDataTable
        caption="Delivery zones"
        columns={columns}
        rowKey={(zone) => zone.id}
        query={query}
        page={1}
        onPage={onPage}
        pagerLabel="Zone pages"
        summary={(answer) => <p>{`${answer.results.length} zones`}</p>}
        {...wording}
      />,
    );
    return onPage;
  }

  it('says it is loading, with no pager yet', () => {
    show({ isPending: true, isError: false, data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading zones…');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says what could not be loaded and asks again on "Try again"', async () => {
    const refetch = vi.fn();
    show({ isPending: false, isError: true, data: undefined, refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('The zones could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty wording with no table', () => {
    show({ isPending: false, isError: false, data: page([], 1, null), refetch: vi.fn() });
    expect(screen.getByText('No zones yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the rows with the summary, and asks the server for the next page', async () => {
    const onPage = show({
      isPending: false,
      isError: false,
      data: page(zones, 3, '?page=2'),
      refetch: vi.fn(),
    });
    expect(screen.getByText('2 zones')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    const pager = screen.getByRole('navigation', { name: 'Zone pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    await userEvent.setup().click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
