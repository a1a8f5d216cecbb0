/**
 * Forms on a server-rendered page before the app has taken it over (issue 24, decision 0013).
 *
 * The page is painted and can be typed into before its code has run. A form sent in that window
 * would go to the browser, which knows nothing of what the app does with it (the footer's
 * newsletter form would put the address in the page's URL and subscribe no one), so it is held,
 * and sent again once the app has taken over. What was typed before then is in the page but not
 * in the app's state (React keeps the page's value when it adopts a field, without telling the
 * component): it is handed to the app as if typed now, before the form is sent.
 *
 * Only the entry (main.tsx) imports this module, so that it stays in the entry's chunk; the app
 * (start.tsx) announces that it has taken the page over with the event named below.
 */

/** Dispatched on `document` by start.tsx after the first render of a server-rendered page. */
const APP_HYDRATED_EVENT = 'shop:hydrated';

type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null };

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
 * From now until the app announces it has taken the page over: forms sent are held, and sent again
 * then, with whatever was typed handed to the app first.
 */
export function holdSubmitsUntilHydrated(root: HTMLElement): void {
  const held: HeldSubmit[] = [];
  // Caught on the way down, before the app's listener on #root: during hydration React would adopt
  // the form to handle it at once, but with the state it rendered, not what was typed.
  const hold = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push({ form: event.target, submitter: event.submitter });
  };
  document.addEventListener('submit', hold, true);
  document.addEventListener(
    APP_HYDRATED_EVENT,
    () => {
      document.removeEventListener('submit', hold, true);
      for (const field of root.querySelectorAll('input, textarea, select')) announceTyped(field);
      // After React has re-rendered with what was typed: a form's handler reads it from its state.
      setTimeout(() => {
        for (const { form, submitter } of held) {
          if (!form.isConnected) continue;
          form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
        }
      }, 0);
    },
    { once: true },
  );
}
