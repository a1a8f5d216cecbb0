import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdInputUntilHydrated } from './held-input';

/**
 * The entry's holding of what a visitor does on a server-rendered page before the app has taken it
 * over (decisions 0013 and 0045): the page here is plain markup, its "app" listeners added by hand.
 */

let root: HTMLElement;

beforeEach(() => {
  root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
});

afterEach(() => {
  // The holding ends with the announcement; announce for a test that did not, so that it does not
  // hold the next test's clicks.
  announceReady();
  root.remove();
});

/** What start.tsx announces, in its order: the first render, then every part and the session. */
function announceReady() {
  document.dispatchEvent(new Event('shop:hydrated'));
  document.dispatchEvent(new Event('shop:ready'));
}

/** Lets the held input be done again: it goes a task apart each. */
const afterReplays = () => new Promise<void>((resolve) => setTimeout(resolve, 50));

function button(label: string, parent: HTMLElement = root): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.innerHTML = `<svg aria-hidden="true"></svg><span>${label}</span>`;
  parent.append(element);
  return element;
}

describe('holdInputUntilHydrated', () => {
  it('holds a tap on a plain button, marks it busy, and replays it once after hydration', async () => {
    const addToCart = button('Add to Cart');
    const onClick = vi.fn();
    addToCart.addEventListener('click', onClick);
    holdInputUntilHydrated(root);

    // The tap lands on the button's icon, as a finger would.
    addToCart.querySelector('svg')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick).not.toHaveBeenCalled();
    expect(addToCart.getAttribute('aria-busy')).toBe('true');

    announceReady();
    await afterReplays();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(addToCart.hasAttribute('aria-busy')).toBe(false);

    // A second announcement replays nothing again, and taps after it reach the app at once.
    announceReady();
    await afterReplays();
    expect(onClick).toHaveBeenCalledTimes(1);
    addToCart.click();
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('replays taps in the order they came, each in a task of its own', async () => {
    const more = button('One more');
    const addToCart = button('Add to Cart');
    const done: string[] = [];
    let quantity = 1;
    // The app's state changes in one task and its handlers read it in the next (a render between).
    let rendered = 1;
    more.addEventListener('click', () => {
      quantity += 1;
      setTimeout(() => {
        rendered = quantity;
      }, 0);
      done.push('more');
    });
    addToCart.addEventListener('click', () => done.push(`add ${rendered}`));
    holdInputUntilHydrated(root);

    more.click();
    more.click();
    addToCart.click();
    expect(done).toEqual([]);

    announceReady();
    await afterReplays();
    expect(done).toEqual(['more', 'more', 'add 3']);
  });

  it('drops a held tap whose button the app drew away, and keeps the others', async () => {
    const gone = button('Add to wishlist');
    const kept = button('Add to Cart');
    const onGone = vi.fn();
    const onKept = vi.fn();
    gone.addEventListener('click', onGone);
    kept.addEventListener('click', onKept);
    holdInputUntilHydrated(root);

    gone.click();
    kept.click();
    gone.remove();
    announceReady();
    await afterReplays();
    expect(onGone).not.toHaveBeenCalled();
    expect(onKept).toHaveBeenCalledTimes(1);
  });

  it('drops what was done behind a dialog the app opened (the age question of a first visit)', async () => {
    const addToCart = button('Add to Cart');
    const onClick = vi.fn();
    addToCart.addEventListener('click', onClick);
    const form = document.createElement('form');
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', onSubmit);
    root.append(form);
    holdInputUntilHydrated(root);

    addToCart.click();
    form.requestSubmit();
    const question = document.createElement('dialog');
    question.setAttribute('open', '');
    root.append(question);
    announceReady();
    await afterReplays();

    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(addToCart.hasAttribute('aria-busy')).toBe(false);
    question.remove();
  });

  it('does not replay a tap on a button that is disabled by then', async () => {
    const addToCart = button('Add to Cart');
    const onClick = vi.fn();
    addToCart.addEventListener('click', onClick);
    holdInputUntilHydrated(root);

    addToCart.click();
    addToCart.disabled = true;
    announceReady();
    await afterReplays();
    expect(onClick).not.toHaveBeenCalled();
    expect(addToCart.hasAttribute('aria-busy')).toBe(false);
  });

  it("holds a form's submit button as the form's submit only: sent once", async () => {
    const form = document.createElement('form');
    form.innerHTML = '<input name="email" value="grace@example.com"><button>Subscribe</button>';
    root.append(form);
    const subscribe = form.querySelector('button') as HTMLButtonElement;
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const onClick = vi.fn();
    form.addEventListener('submit', onSubmit);
    subscribe.addEventListener('click', onClick);
    holdInputUntilHydrated(root);

    subscribe.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(subscribe.hasAttribute('aria-busy')).toBe(false);

    announceReady();
    await afterReplays();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('holds a plain button inside a form (a quantity stepper), which the browser would ignore', async () => {
    const form = document.createElement('form');
    root.append(form);
    const more = button('One more', form);
    const onClick = vi.fn();
    more.addEventListener('click', onClick);
    holdInputUntilHydrated(root);

    more.click();
    expect(onClick).not.toHaveBeenCalled();
    announceReady();
    await afterReplays();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('hands what was typed to the app at its first render, and sends the form only when it is ready', async () => {
    const form = document.createElement('form');
    form.innerHTML = '<input type="search" name="search" value="">';
    root.append(form);
    const field = form.querySelector('input') as HTMLInputElement;
    const typed: string[] = [];
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    field.addEventListener('input', () => typed.push(field.value));
    form.addEventListener('submit', onSubmit);
    holdInputUntilHydrated(root);

    field.value = 'margaux';
    form.requestSubmit();
    document.dispatchEvent(new Event('shop:hydrated'));
    expect(typed.at(-1)).toBe('margaux');
    await afterReplays();
    expect(onSubmit).not.toHaveBeenCalled();

    document.dispatchEvent(new Event('shop:ready'));
    await afterReplays();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('leaves links, and buttons outside the page, to the browser', async () => {
    const link = document.createElement('a');
    link.href = '#shipping';
    link.textContent = 'Shipping';
    root.append(link);
    const outside = button('Dismiss', document.body);
    const onLink = vi.fn((event: Event) => event.preventDefault());
    const onOutside = vi.fn();
    link.addEventListener('click', onLink);
    outside.addEventListener('click', onOutside);
    holdInputUntilHydrated(root);

    link.click();
    outside.click();
    expect(onLink).toHaveBeenCalledTimes(1);
    expect(onOutside).toHaveBeenCalledTimes(1);
    announceReady();
    await afterReplays();
    expect(onLink).toHaveBeenCalledTimes(1);
    expect(onOutside).toHaveBeenCalledTimes(1);
    outside.remove();
  });
});
