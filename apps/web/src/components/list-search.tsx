import { type ReactNode, useId, useState } from 'react';
import { buttonClass } from './button';

type ListSearchProps = {
  /** The form's name ("Find a size"). */
  name: string;
  /** The field's label, saying what it finds ("Product name or SKU"). */
  label: string;
  /** The API's limit for the text, so it is never refused for its length. */
  maxLength: number;
  initial?: string;
  /** Called with the trimmed text on "Search" or Enter; an empty text shows the whole list again. */
  onSearch: (text: string) => void;
  /** A "Clear" button beside "Search": empties the box, and the list's own filters with this. */
  onClear?: () => void;
  /** More filters sent with the same "Search", on a line of their own under the box. */
  children?: ReactNode;
};

/** A back-office list's search box (issue 36's kit): the list asks the server with the text. */
export function ListSearch({
  name,
  label,
  maxLength,
  initial = '',
  onSearch,
  onClear,
  children,
}: ListSearchProps) {
  const [text, setText] = useState(initial);
  const id = useId();
  return (
    <form
      aria-label={name}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="min-w-0 flex-1 sm:min-w-64">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={maxLength}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.currentTarget.value)}
          className="mt-1 w-full rounded-lg border border-cream-300 px-3 py-1.5"
        />
      </div>
      <button type="submit" className={buttonClass('secondary', 'sm')}>
        Search
      </button>
      {onClear ? (
        <button
          type="button"
          className={buttonClass('link', 'sm')}
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          Clear
        </button>
      ) : null}
      {children ? <div className="flex basis-full flex-wrap items-end gap-2">{children}</div> : null}
    </form>
  );
}
