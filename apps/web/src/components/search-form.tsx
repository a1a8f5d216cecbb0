import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';

type SearchFormProps = {
  /** The field's label (read by screen readers). */
  label?: string;
  defaultValue?: string;
  /** 'large' for the home hero. */
  size?: 'large' | 'normal';
};

/**
 * Searches the catalogue: the text is trimmed, an empty search is ignored, and Enter or the
 * button opens /products?search=<text> (docs/product.md sections 2 and 5).
 */
export function SearchForm({
  label = 'Search wines and spirits',
  defaultValue = '',
  size = 'normal',
}: SearchFormProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(defaultValue);
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = text.trim();
    if (search === '') return;
    void navigate({ to: '/products', search: { search } });
  };

  const large = size === 'large';
  return (
    // The action is where a search sent before the app's code has run goes: the server renders it.
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is still unknown to some browsers and to the test DOM
    <form role="search" action="/products" onSubmit={onSubmit} className="flex w-full max-w-xl gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-soft"
        />
        <input
          id={id}
          type="search"
          name="search"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          // Short enough to show whole in the hero on a 360 px phone.
          placeholder="Name, grape or region"
          autoComplete="off"
          enterKeyHint="search"
          className={`w-full rounded-full border border-cream-300 bg-white pr-4 pl-10 text-ink shadow-sm placeholder:text-ink-soft focus:border-wine-600 ${large ? 'h-13 text-base' : 'h-11 text-sm'}`}
        />
      </div>
      {/* On a phone the button is its icon (its name stays "Search"), leaving the field room for its placeholder. */}
      <button
        type="submit"
        className={`inline-flex items-center justify-center rounded-full bg-wine-800 font-semibold text-cream-50 shadow-sm transition hover:bg-wine-900 max-sm:px-4 ${large ? 'h-13 px-6' : 'h-11 px-5 text-sm'}`}
      >
        <Search aria-hidden="true" className="size-5 sm:hidden" />
        <span className="max-sm:sr-only">Search</span>
      </button>
    </form>
  );
}
