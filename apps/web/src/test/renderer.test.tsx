// The component tests run the renderer that ships (decision 0022): Preact, through preact/compat.
// If React crept back (an alias lost, a library loaded outside Vite), this fails.
import { act, render, screen } from '@testing-library/react';
import { options } from 'preact';
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

const diffHook = options.diffed;
afterEach(() => {
  options.diffed = diffHook;
});

function Counter() {
  const [count] = useState(1);
  return <p>count {count}</p>;
}

describe('the renderer in the component tests', () => {
  it('is Preact: Testing Library renders through Preact, whose hooks see every component', () => {
    const seen: unknown[] = [];
    options.diffed = (vnode) => {
      seen.push(vnode.type);
      diffHook?.(vnode);
    };
    render(<Counter />);
    expect(seen).toContain(Counter);
    // Preact keeps its virtual node on the element it rendered (`__k` is its children, mangled
    // `_children`); React marks its elements with `__reactFiber$…` instead.
    const container = screen.getByText('count 1').parentElement as HTMLElement & Record<string, unknown>;
    expect(Object.keys(container).some((key) => key.startsWith('__reactFiber'))).toBe(false);
    expect(container.__k).toBeDefined();
  });

  it('is Preact for the JSX runtime and createElement alike', () => {
    const element = createElement('span', null, 'x') as unknown as { constructor: unknown };
    // Preact's elements have no constructor (a guard against JSON injection); React's are plain objects.
    expect(element.constructor).toBeUndefined();
    expect((<span />).constructor).toBeUndefined();
  });
});

/** Counts up from the outside, as a test's event handler would. */
let increment = () => {};
function Clicks() {
  const [count, setCount] = useState(0);
  increment = () => setCount((value) => value + 1);
  return <p>clicks {count}</p>;
}

describe("Testing Library's act() in the component tests", () => {
  it("is Preact's (preact/test-utils): an update inside it is on the page when it returns", () => {
    render(<Clicks />);
    // Preact renders an update on a later microtask; only its own act() flushes it at once.
    act(() => increment());
    expect(screen.getByText('clicks 1')).toBeInTheDocument();
  });
});
