// The build runs on Preact (decision 0018), whose hydration is one task: these tests hydrate with
// Preact, as the build does: React (and its JSX runtime) is Preact's compat layer in this file.
import { hydrate, render } from 'preact/compat';
import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('react', async () => import('preact/compat'));
vi.mock('react/jsx-runtime', async () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => import('preact/jsx-runtime'));

const { HydrateLater, hydrateInSteps } = await import('./hydration-steps');

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`${name} ${count}`}
    </button>
  );
}

function Page() {
  return (
    <ul>
      {[0, 1, 2].map((step) => (
        <li key={step}>
          <HydrateLater step={step}>
            <Counter name={`card${step}`} />
          </HydrateLater>
        </li>
      ))}
    </ul>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hydration in steps (Preact)', () => {
  it('keeps the server markup of later steps untouched until their task, then hydrates it in place', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page />);
    document.body.append(root);
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent)).toEqual(['card0 0', 'card1 0', 'card2 0']);

    hydrateInSteps(() => hydrate(<Page />, root));
    // Step 0 is hydrated with the page; steps 1 and 2 are still the server's markup, without handlers.
    buttons[0]!.click();
    buttons[1]!.click();
    await Promise.resolve();
    expect(root.querySelectorAll('button')[0]!.textContent).toBe('card0 1');
    expect(root.querySelectorAll('button')[1]!.textContent).toBe('card1 0');

    for (let task = 0; task < 6; task++) await nextTask();
    // Every step hydrated, in place: the same elements, now the app's.
    expect([...root.querySelectorAll('button')]).toEqual(buttons);
    buttons[1]!.click();
    buttons[2]!.click();
    await nextTask();
    expect(buttons.map((button) => button.textContent)).toEqual(['card0 1', 'card1 1', 'card2 1']);
    root.remove();
  });

  it('renders every step at once outside the first hydration (a page the app renders itself)', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    render(<Page />, root);
    expect([...root.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'card0 0',
      'card1 0',
      'card2 0',
    ]);
    root.remove();
  });
});
