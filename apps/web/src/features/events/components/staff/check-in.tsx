import type { CheckInResponse } from '@shop/contract/events';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../components/form-field';
import { isApiError } from '../../../../lib/api-client';
import { formErrorMessage } from '../../../../lib/form-errors';
import { STAFF_EVENTS_KEY } from '../../api/event-keys';
import { staffEventCalls } from '../../api/staff-events';

const ENTER_CODE = 'Enter the ticket code';

/** The API's reason for the code (unknown, used, other event) before any generic sentence. */
function checkInErrorMessage(error: unknown): string {
  const reason = isApiError(error)
    ? error.fields.find((field) => field.field === 'code')?.message
    : undefined;
  return reason ?? formErrorMessage(error);
}

type Outcome = { kind: 'ok'; answer: CheckInResponse } | { kind: 'error'; message: string };

/** The browser's QR reader (Chromium on Android and desktop); absent elsewhere, typing still works. */
type BarcodeDetectorLike = { detect: (source: CanvasImageSource) => Promise<Array<{ rawValue: string }>> };
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

/** Checks guests in at the door by ticket code, typed or scanned; each answer is said out loud. */
export function CheckIn({ eventId }: { eventId: number }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanning, setScanning] = useState(false);
  const inputId = useId();

  const submit = async (value: string) => {
    if (busy) return;
    if (!value.trim()) {
      // The last guest's answer must not stay up as if it were this one's.
      setOutcome({ kind: 'error', message: ENTER_CODE });
      return;
    }
    setBusy(true);
    try {
      const answer = await staffEventCalls.checkIn(eventId, value);
      setOutcome({ kind: 'ok', answer });
      setCode('');
      void queryClient.invalidateQueries({ queryKey: STAFF_EVENTS_KEY });
    } catch (error) {
      setOutcome({ kind: 'error', message: checkInErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="check-in-heading" className="space-y-3">
      <h3 id="check-in-heading" className="text-xl">
        Check in
      </h3>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(code);
        }}
      >
        <div className="min-w-48 flex-1">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-ink">
            Ticket code
          </label>
          <input
            id={inputId}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="XXXXX-XXXXX"
            className={`${inputClass} font-mono uppercase`}
          />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Checking…' : 'Check in'}
        </button>
        {barcodeDetector() ? (
          <button type="button" className={secondaryButtonClass} onClick={() => setScanning(!scanning)}>
            <Camera aria-hidden="true" className="size-4" />
            {scanning ? 'Stop scanning' : 'Scan'}
          </button>
        ) : null}
      </form>
      {scanning ? <Scanner onCode={(value) => void submit(value)} /> : null}
      <div aria-live="assertive">
        {outcome?.kind === 'ok' ? (
          <p className="flex items-center gap-2 rounded-lg border border-wine-200 bg-wine-50 px-4 py-3 font-semibold text-wine-900">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {outcome.answer.message}
          </p>
        ) : outcome?.kind === 'error' ? (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg border border-ink/20 bg-cream-100 px-4 py-3 font-semibold text-ink"
          >
            <XCircle aria-hidden="true" className="size-5 text-wine-700" />
            {outcome.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** The camera, read every half second; a code read once is not sent again for a few seconds. */
function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    const detector = new Detector({ formats: ['qr_code'] });
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let last = { value: '', at: 0 };
    let stopped = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        timer = setInterval(async () => {
          if (!video.current) return;
          const [found] = await detector.detect(video.current).catch(() => []);
          if (!found) return;
          if (found.rawValue === last.value && Date.now() - last.at < 4_000) return;
          last = { value: found.rawValue, at: Date.now() };
          latest.current(found.rawValue);
        }, 500);
      } catch {
        setProblem('The camera is not available: type the code instead.');
      }
    })();
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return problem ? (
    <p role="alert" className="text-sm text-wine-700">
      {problem}
    </p>
  ) : (
    <video ref={video} muted playsInline className="aspect-video w-full max-w-md rounded-xl bg-ink" />
  );
}
