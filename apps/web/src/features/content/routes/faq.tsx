import { BRAND } from '@shop/contract/brand';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useShopSettings } from '../../../lib/shop-settings';
import { ContentPage } from '../components/content-page';

/** The questions, with the shop's settings (minimum age, free-delivery threshold, e-mail). */
const questionsFor = ({
  minimum_age,
  free_delivery_threshold,
  email,
}: {
  minimum_age: number;
  free_delivery_threshold: number;
  email: string;
}): { question: string; answer: ReactNode }[] => [
  {
    question: 'How old do I have to be to buy?',
    answer: (
      <p>
        {minimum_age} or older. Our riders check a national ID, passport or driving permit on delivery, and we
        cannot hand alcohol to anyone younger.
      </p>
    ),
  },
  {
    question: 'How can I pay?',
    answer: (
      <p>
        With MTN Mobile Money or Airtel Money when you check out: you approve the payment on your phone with
        your PIN. Or choose cash on delivery and pay the rider in cash or by mobile money. All prices are in
        Uganda shillings and include VAT.
      </p>
    ),
  },
  {
    question: 'How long does delivery take?',
    answer: (
      <p>
        In central {BRAND.city} usually within two hours; in most of the city the same day; Entebbe and the
        outer areas the same or next day. Delivery is free over {formatUGX(free_delivery_threshold)}. See{' '}
        <Link to="/shipping">shipping</Link> for fees and times by area.
      </p>
    ),
  },
  {
    question: 'How do events work?',
    answer: (
      <p>
        We host tastings, masterclasses and dinners at the shop and at partner venues. Reserve a seat on the{' '}
        <Link to="/events">events</Link> page; paid events are paid by mobile money when you RSVP, and you can
        cancel your RSVP from the event’s page.
      </p>
    ),
  },
  {
    question: 'Can I send a bottle as a gift?',
    answer: (
      <p>
        Yes. At checkout, give the recipient’s address and phone number and add a message in the delivery
        instructions; we include a handwritten card and no prices. The recipient must be {minimum_age} or
        older and show ID when the rider arrives.
      </p>
    ),
  },
  {
    question: 'Do you take corporate orders?',
    answer: (
      <p>
        Yes: staff gifts, client hampers, launches, weddings and conferences, with invoices for your accounts
        and delivery to several addresses. E-mail <a href={`mailto:${email}`}>{email}</a> with the date,
        quantities and budget, and we will send a proposal within one working day.
      </p>
    ),
  },
  {
    question: 'Something is wrong with my order. What do I do?',
    answer: (
      <p>
        Tell us within 48 hours with a photo and we will replace the bottle or refund you. See our{' '}
        <Link to="/returns">returns policy</Link>, or reach us any time through the{' '}
        <Link to="/support">support page</Link>.
      </p>
    ),
  },
];

export function FaqPage() {
  const questions = questionsFor(useShopSettings());
  return (
    <ContentPage
      eyebrow="Help"
      title="Frequently asked questions"
      lead="Quick answers about age checks, payment, delivery, events, gifts and corporate orders."
    >
      <div className="space-y-3">
        {questions.map((item) => (
          <details
            key={item.question}
            className="group rounded-xl border border-cream-200 bg-white px-5 py-4 open:shadow-sm"
          >
            <summary className="cursor-pointer list-none font-serif text-lg text-wine-900 marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {item.question}
                <span aria-hidden="true" className="text-2xl leading-none text-wine-700 group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <div className="mt-3 text-ink">{item.answer}</div>
          </details>
        ))}
      </div>
    </ContentPage>
  );
}
