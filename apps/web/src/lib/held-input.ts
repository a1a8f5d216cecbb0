/**
 * Forms and button taps on a server-rendered page before the app has taken it over (issue 24 and
 * issue 35, decisions 0013 and 0045).
 *
 * The page is painted and can be typed into and tapped before its code has run. A form sent in that
 * window would go to the browser, which knows nothing of what the app does with it (the footer's
 * newsletter form would put the address in the page's URL and subscribe no one), and a tap on a
 * plain button (Add to Cart, the wishlist heart, the quantity steppers) would do nothing at all. Both
 * are held, in the order they came, and done again once the app has taken over. What was typed
 * before then is in the page but not in the app's state (React keeps the page's value when it adopts
 * a field, without telling the component): it is handed to the app as if typed now, first.
 *
 * Links are left alone: the browser follows them to a page the server renders.
 *
 * Only the entry (main.tsx) imports this module, so that it stays in the entry's chunk; the app
 * (start.tsx) announces that it has taken the page over with the event named below.
 */

/** Dispatched on `document` by start.tsx after the first render of a server-rendered page. */
const APP_HYDRATED_EVENT = 'shop:hydrated';
/**
 * Dispatched by start.tsx once every part of the page is the app's and the visitor's session is
 * known (a held Add to Cart would otherwise ask a signed-in customer to sign in).
 */
const APP_READY_EVENT = 'shop:ready';

type HeldInput =
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: 'click'; button: HTMLButtonElement };

const valueSetters = {
  input: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set,
  textarea: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set,
  checked: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set,
};

/**
 * Tells React about a field changed before hydration. React notices a change by comparing the
 * field with the value it last saw (its tracker, which takes the typed value when React adopts the
 * field). The event React listens to for that kind of field is dispatched once as it is: a field
 * not adopted yet (the page's main part hydrates after the shell that announced the app) is
 * adopted then, and nothing changes for React. Then the field is set through its own property to
 * the rendered value (the tracker follows), through the prototype's setter back to what was typed
 * (the tracker does not), and the event is dispatched again: React sees the change.
 */
function announceTyped(field: Element): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked) return;
    const typed = field.checked;
    // A plain Event, not a MouseEvent: React reads it, the browser does not toggle the box again.
    field.dispatchEvent(new Event('click', { bubbles: true }));
    field.checked = !typed;
    valueSetters.checked?.call(field, typed);
    field.dispatchEvent(new Event('click', { bubbles: true }));
  } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    if (field.value === field.defaultValue) return;
    const typed = field.value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.value = field.defaultValue;
    (field instanceof HTMLInputElement ? valueSetters.input : valueSetters.textarea)?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (field instanceof HTMLSelectElement) {
    if ([...field.options].every((option) => option.selected === option.defaultSelected)) return;
    // React reads a select's value from the page at every change event, adopted or not.
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * The button a click before hydration is held for: a button of the page that the browser does
 * nothing with. Not a link (the browser follows it), nor a form's submit or reset button: the
 * browser sends the form, whose submit is held instead, or resets it itself.
 */
function heldButton(target: EventTarget | null, root: HTMLElement): HTMLButtonElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest('a, button');
  if (!(control instanceof HTMLButtonElement) || !root.contains(control)) return null;
  if (control.form && control.type !== 'button') return null;
  return control;
}

/**
 * Whether an open dialog now stands in front of the element: the age question, which the app asks a
 * first visit once it runs. What was done on the page behind it waits for no answer and is dropped.
 */
function behindOpenDialog(element: Element): boolean {
  const dialog = document.querySelector('dialog[open]');
  return dialog !== null && !dialog.contains(element);
}

/** Does one held input again, now that the app has the page. */
function replay(input: HeldInput): void {
  if (input.kind === 'submit') {
    const { form, submitter } = input;
    if (form.isConnected && !behindOpenDialog(form)) {
      form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
    }
    return;
  }
  const { button } = input;
  button.removeAttribute('aria-busy');
  if (behindOpenDialog(button)) return;
  // Preact adopts the server's elements (the browser journeys check it): a button no longer in the
  // page was drawn away by the app, and its tap is dropped rather than guessed onto another element.
  // A button now disabled (out of stock, already adding) ignores the tap, as it would have then.
  if (button.isConnected) button.click();
}

/**
 * From now until the app announces it is ready: forms sent and plain buttons tapped
 * are held, and done again then, each once and in order, a task apart (so that the app renders what
 * one did, a quantity stepped up, before the next, Add to Cart, reads it), with whatever was typed
 * handed to the app first.
 */
export function holdInputUntilHydrated(root: HTMLElement): void {
  const held: HeldInput[] = [];
  // Caught on the way down, before the app's own listeners: during hydration React would adopt
  // the form to handle it at once, but with the state it rendered, not what was typed; and a tap
  // held earlier must not be overtaken by a later one.
  const holdSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push({ kind: 'submit', form: event.target, submitter: event.submitter });
  };
  const holdClick = (event: MouseEvent) => {
    const button = heldButton(event.target, root);
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    // The tap was received: assistive technology hears it, and the page shows it (styles.css).
    button.setAttribute('aria-busy', 'true');
    held.push({ kind: 'click', button });
  };
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('click', holdClick, true);
  // What was typed is handed over at once: a later render would put the server's value back.
  document.addEventListener(
    APP_HYDRATED_EVENT,
    () => {
      for (const field of root.querySelectorAll('input, textarea, select')) announceTyped(field);
    },
    { once: true },
  );
  document.addEventListener(
    APP_READY_EVENT,
    () => {
      document.removeEventListener('submit', holdSubmit, true);
      document.removeEventListener('click', holdClick, true);
      // A task apart, after the app has rendered what the one before did.
      const replayNext = () => {
        const input = held.shift();
        if (!input) return;
        replay(input);
        setTimeout(replayNext, 0);
      };
      setTimeout(replayNext, 0);
    },
    { once: true },
  );
}
