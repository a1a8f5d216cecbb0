import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state';

type Page = { results: string[] };
const wording = { what: 'The outbox', loading: 'Loading the outbox…' };

function show(query: {
  isPending: boolean;
  isError: boolean;
  data: Page | undefined;
  refetch: () => unknown;
}) {
  return render(
    <QueryState
      query={query}
      {...wording}
      isEmpty={(page) => page.results.length === 0}
      empty="No e-mail is waiting."
    >
      {(page) => (
        <ul aria-label="E-mails">
          {page.results.map((subject) => (
            <li key={subject}>{subject}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('the query-state block', () => {
  it('says it is loading, and nothing else', () => {
    show({ isPending: true, isError: false, data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the outbox…');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says what could not be loaded and asks again on "Try again"', async () => {
    const refetch = vi.fn();
    show({ isPending: false, isError: true, data: undefined, refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('The outbox could not be loaded. Try again');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says so when the answer is empty, and shows the answer otherwise', () => {
    const { unmount } = show({ isPending: false, isError: false, data: { results: [] }, refetch: vi.fn() });
    expect(screen.getByText('No e-mail is waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    unmount();
    show({ isPending: false, isError: false, data: { results: ['Your order'] }, refetch: vi.fn() });
    expect(screen.getByRole('list', { name: 'E-mails' })).toHaveTextContent('Your order');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
