import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, TABLE_EMPTY_MESSAGE } from './data-table';
import { Pager } from './pager';
import { TABLE_SCROLL_HINT } from './table-scroll';

const columns = [{ header: 'Name', cell: (row: { name: string }) => row.name }];

describe('DataTable', () => {
  it('sits in a focusable, named scroll frame with a sideways-scroll hint for phones', () => {
    render(<DataTable caption="Products" columns={columns} rows={[{ name: 'Gas' }]} rowKey={(row) => row.name} />);
    const frame = screen.getByRole('region', { name: 'Products table' });
    expect(frame).toHaveAttribute('tabindex', '0');
    expect(frame).toHaveClass('overflow-x-auto');
    expect(within(frame).getByRole('table', { name: 'Products' })).toBeInTheDocument();
    // The hint is for narrow screens only; wide ones show every column.
    expect(screen.getByText(TABLE_SCROLL_HINT)).toHaveClass('md:hidden');
  });
});

describe('Pager', () => {
  const page = { current_page: 1, last_page: 1, prev_page_url: null, next_page_url: null };

  it('is hidden for an empty list', () => {
    render(<Pager page={{ ...page, total: 0 }} onPageChange={() => {}} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows where the list is when it has rows', () => {
    render(<Pager page={{ ...page, total: 3 }} onPageChange={() => {}} />);
    expect(screen.getByRole('navigation')).toHaveTextContent('Page 1 of 1');
  });
});

it('keeps the empty message in the table', () => {
  render(<DataTable caption="Products" columns={columns} rows={[]} rowKey={(row) => row.name} />);
  expect(screen.getByText(TABLE_EMPTY_MESSAGE)).toBeInTheDocument();
});
