// Hydration as the app does it (start.tsx, entry-server.tsx), on the renderer the component tests
// run, which is the one that ships: Preact (decision 0022; src/test/renderer.test.tsx checks it).
import { useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  HydrateLater,
  hydrateInSteps,
  hydrationStepsDone,
  renderOnServer,
  useExternalStore,
} from './hydration-steps';

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

/** The server's markup for `page` in a fresh #root, as the browser receives it. */
function serverRendered(page: React.ReactElement): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderOnServer(() => renderToString(page));
  document.body.append(root);
  return root;
}

describe('hydration in steps', () => {
  it('keeps the server markup of later steps untouched until their task, then hydrates it in place', async () => {
    const root = serverRendered(<Page />);
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent)).toEqual(['card0 0', 'card1 0', 'card2 0']);

    hydrateInSteps(() => hydrateRoot(root, <Page />));
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

  it('says when every later step has been hydrated (the held taps wait for it)', async () => {
    const root = serverRendered(<Page />);
    const buttons = [...root.querySelectorAll('button')];
    hydrateInSteps(() => hydrateRoot(root, <Page />));
    await hydrationStepsDone();
    // The last step's button is the app's now: a tap on it is handled.
    buttons[2]!.click();
    await Promise.resolve();
    expect(root.querySelectorAll('button')[2]!.textContent).toBe('card2 1');
    root.remove();
  });

  it('renders every step at once outside the first hydration (a page the app renders itself)', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    createRoot(root).render(<Page />);
    expect([...root.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'card0 0',
      'card1 0',
      'card2 0',
    ]);
    root.remove();
  });
});

/** A store whose browser snapshot differs from the server's (like the age answer in localStorage). */
const noSubscription = () => () => {};
const inBrowser = () => 'browser';
const onServer = () => 'server';

function Snapshot({ seen }: { seen: string[] }) {
  const value = useExternalStore(noSubscription, inBrowser, onServer);
  seen.push(value);
  return <output>{value}</output>;
}

describe('useExternalStore: the server snapshot through server render and hydration', () => {
  it('renders the server snapshot on the server and in the first hydration, then the store’s own', async () => {
    const seen: string[] = [];
    const root = serverRendered(<Snapshot seen={seen} />);
    const markup = root.innerHTML;
    expect(markup).toBe('<output>server</output>');
    const output = root.firstElementChild;

    seen.length = 0;
    hydrateInSteps(() => hydrateRoot(root, <Snapshot seen={seen} />));
    // The first client render agrees with the server's markup: nothing to patch, nothing flickers.
    expect(seen).toEqual(['server']);
    expect(root.innerHTML).toBe(markup);
    expect(root.firstElementChild).toBe(output);

    for (let task = 0; task < 3; task++) await nextTask();
    expect(root.innerHTML).toBe('<output>browser</output>');
    expect(root.firstElementChild).toBe(output);
    root.remove();
  });

  it('does the same in a part hydrated at a later step', async () => {
    const seen: string[] = [];
    const page = (
      <HydrateLater step={1}>
        <Snapshot seen={seen} />
      </HydrateLater>
    );
    const root = serverRendered(page);
    expect(root.innerHTML).toBe('<output>server</output>');
    const output = root.firstElementChild;
    seen.length = 0;
    hydrateInSteps(() => hydrateRoot(root, page));
    expect(seen).toEqual([]);
    for (let task = 0; task < 6; task++) await nextTask();
    expect(seen[0]).toBe('server');
    expect(root.innerHTML).toBe('<output>browser</output>');
    expect(root.firstElementChild).toBe(output);
    root.remove();
  });

  it('renders the store’s snapshot at once where nothing is hydrated', () => {
    const seen: string[] = [];
    const root = document.createElement('div');
    document.body.append(root);
    createRoot(root).render(<Snapshot seen={seen} />);
    expect(seen).toEqual(['browser']);
    root.remove();
  });
});
