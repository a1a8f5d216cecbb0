import { formatKampalaClock } from '@shop/contract/kampala-time';
import type { Position } from '@shop/contract/location';
import { formatUGX } from '@shop/contract/money';
import {
  changeDue,
  doorOutcomeLabels,
  ID_TYPES,
  type IdType,
  idTypeLabels,
  REFUSAL_REASONS,
  type RefusalReason,
  type RiderAction,
  type RiderRun,
  type RiderStop,
  refusalReasonLabels,
} from '@shop/contract/rider';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../components/form-field';
import { useSession } from '../../../lib/session/use-session';
import { RIDER_RUN_KEY, sendRiderAction, useRiderRun } from '../api/rider-run';
import { enqueue, flushQueue, newActionId, type QueuedAction, readQueue } from '../lib/action-queue';
import { currentPosition, ProofPhotoError, proofPhotoOf } from '../lib/proof';

/**
 * The rider's screen (issue 38): made for a low-end phone at 360 px on mobile data. Large
 * buttons, one column, no pictures. Every action goes through the queue on the phone first, so
 * an action taken with no network is kept and sent when the network is back.
 */

const bigButton = `${primaryButtonClass} w-full min-h-14 text-lg`;
const bigSecondary = `${secondaryButtonClass} w-full min-h-14 text-lg`;
const waDigits = (phone: string) => phone.replace(/\D/g, '');

type Note = { id: string; ok: boolean; message: string };

function useActionQueue() {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedAction[]>(() => readQueue());
  const [notes, setNotes] = useState<Note[]>([]);

  const flush = useCallback(async () => {
    const answered = await flushQueue(sendRiderAction);
    setQueue(readQueue());
    if (answered.length > 0) {
      setNotes(
        answered.map(({ ok, message, label }) => ({
          id: newActionId(),
          ok,
          message: ok ? message : `${label}: ${message}`,
        })),
      );
      await queryClient.invalidateQueries({ queryKey: RIDER_RUN_KEY });
    }
  }, [queryClient]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => void flush(), 15_000);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [flush]);

  const submit = (action: RiderAction, label: string) => {
    try {
      setQueue(enqueue({ ...action, label, queued_at: new Date().toISOString() } as QueuedAction));
    } catch {
      // The phone's storage is full (a photo is the large thing kept): say so rather than lose it silently.
      setNotes([
        { id: newActionId(), ok: false, message: `${label}: the phone’s storage is full, not kept` },
      ]);
    }
    void flush();
  };
  return { queue, notes, submit };
}

export function RiderRunPage() {
  const { user, status } = useSession();
  if (status === 'loading' || user?.role !== 'rider') {
    return (
      <div className="mx-auto max-w-md space-y-4 p-3">
        <h1 className="font-display text-2xl">Today’s run</h1>
        {status === 'loading' ? (
          <p role="status">Loading…</p>
        ) : (
          <FormMessage kind="error">This screen is for the shop’s riders.</FormMessage>
        )}
      </div>
    );
  }
  return <RiderRunScreen />;
}

export function RiderRunScreen() {
  const { data, isError } = useRiderRun();
  const { queue, notes, submit } = useActionQueue();
  const queuedFor = (orderId: string) =>
    queue.filter((entry) => 'order_id' in entry && entry.order_id === orderId);

  return (
    <div className="mx-auto max-w-md space-y-4 p-3 text-base">
      <h1 className="font-display text-2xl">Today’s run</h1>
      {queue.length > 0 ? (
        <section
          aria-label="Waiting to send"
          className="rounded-xl border-2 border-amber-500 bg-amber-50 p-3"
        >
          <p className="font-semibold">
            {queue.length} waiting to send (no network). They go as soon as the phone is back online.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {queue.map((entry) => (
              <li key={entry.action_id}>{entry.label}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div aria-live="polite">
        {notes.map((note) => (
          <FormMessage key={note.id} kind={note.ok ? 'success' : 'error'}>
            {note.message}
          </FormMessage>
        ))}
      </div>
      {isError && !data ? (
        <FormMessage kind="error">The run could not be loaded. Pull again when online.</FormMessage>
      ) : null}
      {!data ? (
        isError ? null : (
          <p role="status">Loading the run…</p>
        )
      ) : (
        <>
          {data.stops.length === 0 ? <p>No deliveries assigned to you today.</p> : null}
          <ol className="space-y-4">
            {data.stops.map((stop, index) => (
              <li key={stop.order_id}>
                <Stop stop={stop} position={index + 1} queued={queuedFor(stop.order_id)} submit={submit} />
              </li>
            ))}
          </ol>
          <Cash run={data} submit={submit} queued={queue} />
        </>
      )}
    </div>
  );
}

type Submit = (action: RiderAction, label: string) => void;

function Stop({
  stop,
  position,
  queued,
  submit,
}: {
  stop: RiderStop;
  position: number;
  queued: QueuedAction[];
  submit: Submit;
}) {
  const pending = queued[queued.length - 1];
  const address = [stop.street, stop.zone].filter(Boolean).join(', ');
  return (
    <article
      aria-label={`Stop ${position}: ${stop.order_number}`}
      className="rounded-xl border border-cream-300 bg-white p-3"
    >
      <h2 className="text-lg font-semibold">
        {position}. {stop.customer_name}
      </h2>
      <p className="text-sm text-ink-soft">{stop.order_number}</p>
      <p className="mt-2 flex flex-wrap gap-2">
        <a className={`${secondaryButtonClass} flex-1`} href={`tel:${stop.phone}`}>
          Call {stop.phone}
        </a>
        <a className={`${secondaryButtonClass} flex-1`} href={`https://wa.me/${waDigits(stop.phone)}`}>
          WhatsApp
        </a>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-semibold">Address</dt>
        <dd>{address || '—'}</dd>
        {stop.landmark ? (
          <>
            <dt className="font-semibold">Landmark</dt>
            <dd>{stop.landmark}</dd>
          </>
        ) : null}
        {stop.pin ? (
          <>
            <dt className="font-semibold">Pin</dt>
            <dd>
              {stop.pin.plus_code}{' '}
              <a className="font-semibold underline" href={stop.pin.map_url} target="_blank" rel="noreferrer">
                Open in maps
              </a>
            </dd>
          </>
        ) : null}
        {stop.access_instructions ? (
          <>
            <dt className="font-semibold">Access</dt>
            <dd>{stop.access_instructions}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Window</dt>
        <dd>
          {stop.delivery_window ?? '—'}
          {stop.expected_at ? ` (by ${formatKampalaClock(stop.expected_at)})` : ''}
        </dd>
        <dt className="font-semibold">Collect</dt>
        <dd>{stop.collect.cash ? `${formatUGX(stop.collect.amount)} cash` : 'Paid'}</dd>
        <dt className="font-semibold">Carry</dt>
        <dd>
          {stop.bottles} {stop.bottles === 1 ? 'bottle' : 'bottles'}
          {stop.cases > 0 ? `, ${stop.cases} ${stop.cases === 1 ? 'case' : 'cases'}` : ''}
        </dd>
      </dl>
      <div className="mt-3">
        {pending ? (
          <p className="font-semibold text-amber-800">{pending.label}: waiting to send</p>
        ) : (
          <StopActions stop={stop} submit={submit} />
        )}
      </div>
    </article>
  );
}

function StopActions({ stop, submit }: { stop: RiderStop; submit: Submit }) {
  if (stop.status === 'ready_for_delivery') {
    return (
      <button
        type="button"
        className={bigButton}
        onClick={() =>
          submit(
            { kind: 'out_for_delivery', action_id: newActionId(), order_id: stop.order_id },
            `${stop.order_number} out for delivery`,
          )
        }
      >
        Out for delivery
      </button>
    );
  }
  if (stop.status === 'out_for_delivery') {
    return (
      <div className="space-y-3">
        {stop.door_outcome === 'failed_retry' ? (
          <p className="font-semibold">
            {doorOutcomeLabels.failed_retry}
            {stop.refusal_reason ? ` (${refusalReasonLabels[stop.refusal_reason]})` : ''}
          </p>
        ) : null}
        <Handover stop={stop} submit={submit} />
        <Refuse stop={stop} submit={submit} />
      </div>
    );
  }
  if (stop.status === 'delivered') {
    return <p className="font-semibold text-green-800">Delivered{stop.proof_taken ? ' · proof kept' : ''}</p>;
  }
  return (
    <p className="font-semibold">
      {stop.door_outcome ? doorOutcomeLabels[stop.door_outcome] : 'Cancelled'}
      {stop.refusal_reason ? ` (${refusalReasonLabels[stop.refusal_reason]})` : ''}
    </p>
  );
}

function Handover({ stop, submit }: { stop: RiderStop; submit: Submit }) {
  const [code, setCode] = useState('');
  const [age, setAge] = useState<'clearly_of_age' | 'id'>('clearly_of_age');
  const [idType, setIdType] = useState<IdType>('national_id');
  const [birthYear, setBirthYear] = useState('');
  const [tendered, setTendered] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [proof, setProof] = useState<ProofChoice>({ photo: null, position: null, busy: false });
  const codeNeeded = !stop.handover.verified_by_staff;
  const tenderedAmount = Number(tendered);

  const handOver = () => {
    if (codeNeeded && stop.handover.locked) return;
    if (codeNeeded && !/^\d{6}$/.test(code)) return setProblem('Enter the 6-digit code the customer has');
    if (age === 'id' && !/^\d{4}$/.test(birthYear)) return setProblem('Enter the year of birth on the ID');
    if (stop.collect.cash && (!tendered || tenderedAmount < stop.collect.amount)) {
      return setProblem(`Collect at least ${formatUGX(stop.collect.amount)}`);
    }
    if (proof.busy) return setProblem('Wait for the photo or the position');
    setProblem(null);
    submit(
      {
        kind: 'handover',
        action_id: newActionId(),
        order_id: stop.order_id,
        code: codeNeeded ? code : null,
        age_check: age,
        id_type: age === 'id' ? idType : null,
        id_birth_year: age === 'id' ? Number(birthYear) : null,
        cash_tendered: stop.collect.cash ? tenderedAmount : null,
      },
      `${stop.order_number} handed over`,
    );
    // Queued after the handover, so it is sent after it: proof is for an order handed over.
    if (proof.photo !== null || proof.position !== null) {
      submit(
        {
          kind: 'proof',
          action_id: newActionId(),
          order_id: stop.order_id,
          photo: proof.photo,
          position: proof.position,
        },
        `${stop.order_number} proof of delivery`,
      );
    }
  };

  return (
    <fieldset className="space-y-2 rounded-lg border border-cream-300 p-2">
      <legend className="px-1 font-semibold">Hand over</legend>
      {codeNeeded ? (
        stop.handover.locked ? (
          <FormMessage kind="error">
            Too many wrong codes: call the shop so staff can verify the customer.
          </FormMessage>
        ) : (
          <label className="block">
            Customer’s code ({stop.handover.attempts_left} tries left)
            <input
              className={`${inputClass} text-2xl tracking-widest`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={code}
              onInput={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
            />
          </label>
        )
      ) : (
        <p>Staff verified the customer by phone: no code needed.</p>
      )}
      <div role="radiogroup" aria-label="Age check" className="space-y-1">
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={`age-${stop.order_id}`}
            checked={age === 'clearly_of_age'}
            onChange={() => setAge('clearly_of_age')}
          />
          Clearly of age (looks over 25)
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={`age-${stop.order_id}`}
            checked={age === 'id'}
            onChange={() => setAge('id')}
          />
          Checked an ID
        </label>
      </div>
      {age === 'id' ? (
        <div className="grid grid-cols-2 gap-2">
          <label className="block">
            ID type
            <select
              className={inputClass}
              value={idType}
              onChange={(event) => setIdType(event.currentTarget.value as IdType)}
            >
              {ID_TYPES.map((type) => (
                <option key={type} value={type}>
                  {idTypeLabels[type]}
                </option>
              ))}
            </select>
          </label>
          <label className="block">
            Year of birth
            <input
              className={inputClass}
              inputMode="numeric"
              maxLength={4}
              value={birthYear}
              onInput={(event) => setBirthYear(event.currentTarget.value.replace(/\D/g, ''))}
            />
          </label>
        </div>
      ) : null}
      {stop.collect.cash ? (
        <label className="block">
          Cash received (UGX), due {formatUGX(stop.collect.amount)}
          <input
            className={inputClass}
            inputMode="numeric"
            value={tendered}
            onInput={(event) => setTendered(event.currentTarget.value.replace(/\D/g, ''))}
          />
          {tendered && tenderedAmount >= stop.collect.amount ? (
            <span className="mt-1 block font-semibold">
              {`Change: ${formatUGX(changeDue(tenderedAmount, stop.collect.amount))}`}
            </span>
          ) : null}
        </label>
      ) : null}
      <ProofFields orderId={stop.order_id} onChange={setProof} />
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <button
        type="button"
        className={bigButton}
        disabled={codeNeeded && stop.handover.locked}
        onClick={handOver}
      >
        Hand over
      </button>
    </fieldset>
  );
}

type ProofChoice = { photo: string | null; position: Position | null; busy: boolean };

const positionWords: Record<'asking' | 'refused' | 'unavailable', string> = {
  asking: 'Finding your position…',
  refused: 'The phone did not allow the position: the handover goes without it.',
  unavailable: 'No position now (no signal?): the handover goes without it.',
};

/**
 * Proof of delivery, both optional: a photo from the phone's camera and, only when the rider
 * ticks it, the phone's position (asked of the phone then, so the phone's own consent prompt
 * comes from that choice).
 */
function ProofFields({ orderId, onChange }: { orderId: string; onChange: (choice: ProofChoice) => void }) {
  const [photo, setPhoto] = useState<{ state: 'none' | 'reading' | 'ready'; base64: string | null }>({
    state: 'none',
    base64: null,
  });
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [share, setShare] = useState(false);
  const [place, setPlace] = useState<
    | { state: 'off' | 'asking' | 'refused' | 'unavailable' }
    | {
        state: 'found';
        position: Position;
      }
  >({ state: 'off' });

  useEffect(() => {
    onChange({
      photo: photo.base64,
      position: place.state === 'found' ? place.position : null,
      busy: photo.state === 'reading' || place.state === 'asking',
    });
  }, [photo, place, onChange]);

  const choosePhoto = async (file: File | undefined) => {
    setPhotoProblem(null);
    if (!file) return setPhoto({ state: 'none', base64: null });
    setPhoto({ state: 'reading', base64: null });
    try {
      setPhoto({ state: 'ready', base64: await proofPhotoOf(file) });
    } catch (error) {
      setPhoto({ state: 'none', base64: null });
      setPhotoProblem(error instanceof ProofPhotoError ? error.message : 'The photo could not be read');
    }
  };

  const chooseShare = async (on: boolean) => {
    setShare(on);
    if (!on) return setPlace({ state: 'off' });
    setPlace({ state: 'asking' });
    const outcome = await currentPosition();
    setPlace(
      outcome.kind === 'found' ? { state: 'found', position: outcome.position } : { state: outcome.kind },
    );
  };

  return (
    <div className="space-y-2 rounded-lg bg-cream-50 p-2">
      <p className="font-semibold">Proof of delivery (optional)</p>
      <label className="block">
        Photo of the handover
        <input
          className="mt-1 block w-full text-base"
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => void choosePhoto(event.currentTarget.files?.[0])}
        />
      </label>
      {photo.state === 'reading' ? <p role="status">Preparing the photo…</p> : null}
      {photo.state === 'ready' ? <p>Photo ready: it is sent with the handover.</p> : null}
      {photoProblem ? <FormMessage kind="error">{photoProblem}</FormMessage> : null}
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          name={`position-${orderId}`}
          checked={share}
          onChange={(event) => void chooseShare(event.currentTarget.checked)}
        />
        Share my position with the shop
      </label>
      {place.state === 'found' ? (
        <p>
          Position found
          {place.position.accuracy_m !== null ? ` (within ${place.position.accuracy_m} m)` : ''}.
        </p>
      ) : place.state !== 'off' ? (
        <p role="status">{positionWords[place.state]}</p>
      ) : null}
    </div>
  );
}

function Refuse({ stop, submit }: { stop: RiderStop; submit: Submit }) {
  const [reason, setReason] = useState<RefusalReason | ''>('');
  return (
    <fieldset className="space-y-2 rounded-lg border border-cream-300 p-2">
      <legend className="px-1 font-semibold">Not handed over</legend>
      <label className="block">
        Reason
        <select
          className={inputClass}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as RefusalReason)}
        >
          <option value="">Choose…</option>
          {REFUSAL_REASONS.map((value) => (
            <option key={value} value={value}>
              {refusalReasonLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className={bigSecondary}
        disabled={!reason}
        onClick={() =>
          reason &&
          submit(
            { kind: 'refuse', action_id: newActionId(), order_id: stop.order_id, reason },
            `${stop.order_number} not handed over (${refusalReasonLabels[reason]})`,
          )
        }
      >
        Record refusal
      </button>
    </fieldset>
  );
}

function Cash({ run, submit, queued }: { run: RiderRun; submit: Submit; queued: QueuedAction[] }) {
  const waiting = new Set(
    queued.flatMap((entry) => (entry.kind === 'confirm_handin' ? [entry.handin_id] : [])),
  );
  return (
    <section aria-label="Cash" className="rounded-xl border border-cream-300 bg-white p-3">
      <h2 className="text-lg font-semibold">Cash today</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        <dt>Collected</dt>
        <dd>{formatUGX(run.cash.collected)}</dd>
        <dt>Handed in</dt>
        <dd>{formatUGX(run.cash.handed_in)}</dd>
        <dt className="font-semibold">On you</dt>
        <dd className="font-semibold">{formatUGX(run.cash.on_hand)}</dd>
      </dl>
      <ul className="mt-2 space-y-2">
        {run.handins
          .filter((handin) => !handin.rider_confirmed)
          .map((handin) => (
            <li key={handin.id}>
              <p>
                {handin.cashier_name} counted {formatUGX(handin.amount)}
                {handin.reason ? ` (${handin.reason})` : ''}.
              </p>
              <button
                type="button"
                className={bigButton}
                disabled={waiting.has(handin.id)}
                onClick={() =>
                  submit(
                    { kind: 'confirm_handin', action_id: newActionId(), handin_id: handin.id },
                    `Cash ${formatUGX(handin.amount)} handed in`,
                  )
                }
              >
                Confirm I handed in {formatUGX(handin.amount)}
              </button>
            </li>
          ))}
      </ul>
    </section>
  );
}
