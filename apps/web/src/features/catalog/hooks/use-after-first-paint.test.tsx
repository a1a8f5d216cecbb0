import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The hook remembers the app's first screen in its module: each test loads it afresh.
let useAfterFirstPaint: typeof import('./use-after-first-paint').useAfterFirstPaint;
beforeEach(async () => {
  vi.resetModules();
  ({ useAfterFirstPaint } = await import('./use-after-first-paint'));
});

/** What happened, in order: each render of `Parts`, and each task queued by a render. */
let marks: string[] = [];

function Parts() {
  const shown = useAfterFirstPaint(3);
  marks.push(`drawn ${shown}`);
  // A task queued by each render: it runs before the next part only if the hook yielded.
  setTimeout(() => marks.push('a task ran'), 0);
  return <p>parts {shown}</p>;
}

describe('useAfterFirstPaint (on Preact, whose startTransition does not yield)', () => {
  it('draws nothing first, then one more part a task, letting the browser run in between', async () => {
    marks = [];
    render(<Parts />);
    expect(marks[0]).toBe('drawn 0');
    await waitFor(() => expect(screen.getByText('parts 3')).toBeInTheDocument());
    const drawn = marks.filter((mark) => mark.startsWith('drawn'));
    expect(drawn).toEqual(['drawn 0', 'drawn 1', 'drawn 2', 'drawn 3']);
    // Between two parts, the task queued by the render before ran: each part was a task of its own.
    for (let part = 1; part <= 3; part++) {
      const before = marks.indexOf(`drawn ${part - 1}`);
      const after = marks.indexOf(`drawn ${part}`);
      expect(marks.slice(before, after)).toContain('a task ran');
    }
  });

  it('draws every part at once on a later mount (a page opened again)', async () => {
    const first = render(<Parts />);
    await waitFor(() => expect(screen.getByText('parts 3')).toBeInTheDocument());
    first.unmount();
    marks = [];
    render(<Parts />);
    expect(marks[0]).toBe('drawn 3');
  });
});
