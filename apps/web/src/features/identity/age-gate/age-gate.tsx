import { BRAND } from '@shop/contract/brand';
import { LOGO_PATH } from '@shop/contract/constants';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useExternalStore } from '../../../lib/hydration-steps';
import { useShopSettings } from '../../../lib/shop-settings';
import { isAgeConfirmed, rememberAgeConfirmed } from './age-confirmation';

type Answer = 'yes' | 'no' | null;

const noSubscription = () => () => {};
const storedAnswer = (): Answer => (isAgeConfirmed() ? 'yes' : null);
/** The server cannot know: it renders the shop, and the browser asks once it has taken the page over. */
const serverAnswer = (): Answer | 'unknown' => 'unknown';

/**
 * docs/product.md section 9's age notice on the first visit: a modal dialog asks "Are you 21 or older?".
 * Yes is remembered on this browser; No shows a polite page instead of the shop (not remembered:
 * the question comes back on the next visit).
 */
export function AgeGate({ children }: { children: ReactNode }) {
  const stored = useExternalStore<Answer | 'unknown'>(noSubscription, storedAnswer, serverAnswer);
  const [given, setAnswer] = useState<Answer | undefined>(undefined);
  const answer = given === undefined ? stored : given;

  if (answer === 'no') return <UnderAgePage onAskAgain={() => setAnswer(null)} />;
  return (
    <>
      {children}
      {answer === null ? (
        <AgeDialog
          onAnswer={(value) => {
            if (value === 'yes') rememberAgeConfirmed();
            setAnswer(value);
          }}
        />
      ) : null}
    </>
  );
}

function AgeDialog({ onAnswer }: { onAnswer: (answer: 'yes' | 'no') => void }) {
  const minimumAge = useShopSettings().minimum_age;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Opened in a task of its own: opening it restyles, lays out and repaints the whole screen (the
  // backdrop), which in the effect itself was added to the commit of the page's hydration, already the
  // longest task of the start-up. Until then the dialog is closed: hidden, and nothing to focus.
  useEffect(() => {
    const timer = setTimeout(() => {
      const dialog = dialogRef.current;
      if (!dialog || dialog.open) return;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // The question needs an answer: Escape does not close it…
      onCancel={(event) => event.preventDefault()}
      // …and if the browser closes it anyway, it comes back.
      onClose={() => dialogRef.current?.showModal?.()}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl border border-cream-200 bg-cream-50 p-6 text-center text-ink shadow-2xl backdrop:bg-wine-950/75 sm:p-8"
    >
      <img src={LOGO_PATH} alt="" width={175} height={40} className="mx-auto h-10 w-auto" />
      <h2 id={titleId} className="mt-6 text-2xl sm:text-3xl">
        Are you {minimumAge} or older?
      </h2>
      <p id={descriptionId} className="mt-3 text-ink-soft">
        {BRAND.name} sells wines and spirits only to adults aged {minimumAge} and over. Please confirm your
        age to enter the shop.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse sm:justify-center">
        <button
          type="button"
          onClick={() => onAnswer('yes')}
          className="rounded-full bg-wine-800 px-6 py-3 font-semibold text-cream-50 transition hover:bg-wine-900"
        >
          Yes, I am {minimumAge} or older
        </button>
        <button
          type="button"
          onClick={() => onAnswer('no')}
          className="rounded-full border border-wine-800 px-6 py-3 font-semibold text-wine-800 transition hover:bg-cream-100"
        >
          No, I am under {minimumAge}
        </button>
      </div>
    </dialog>
  );
}

function UnderAgePage({ onAskAgain }: { onAskAgain: () => void }) {
  const minimumAge = useShopSettings().minimum_age;
  useEffect(() => {
    document.title = `Adults only | ${BRAND.name}`;
  }, []);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-cream-50 px-4 py-16">
      <div className="max-w-xl text-center">
        <img src={LOGO_PATH} alt={BRAND.name} width={175} height={40} className="mx-auto h-10 w-auto" />
        <h1 className="mt-8 text-3xl sm:text-4xl">Sorry, we can only welcome adults</h1>
        <p className="mt-4 text-lg text-ink-soft">
          Thank you for your honesty. {BRAND.name} sells wines and spirits only to customers aged {minimumAge}{' '}
          and over, so we cannot show you the shop. We look forward to welcoming you when you are {minimumAge}
          .
        </p>
        <button
          type="button"
          onClick={onAskAgain}
          className="mt-8 text-sm font-semibold text-wine-800 underline underline-offset-4"
        >
          Answered by mistake? Ask me again
        </button>
      </div>
    </main>
  );
}
