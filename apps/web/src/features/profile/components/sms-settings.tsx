import {
  PHONE_CODE_TTL_MINUTES,
  SMS_TOPIC_LABELS,
  SMS_TOPICS,
  type SmsPreferences,
  type SmsSettings,
  type SmsTopic,
  sendPhoneCodeRequestSchema,
  verifyPhoneRequestSchema,
} from '@shop/contract/sms';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useSmsSettings } from '../api/sms-settings';
import { useUpdateSmsPreferences } from '../api/update-sms-preferences';
import { useVerifyPhone } from '../api/verify-phone';

export const PHONE_VERIFIED_MESSAGE = 'Your phone is verified: SMS will go to it.';
export const SMS_CHOICES_SAVED_MESSAGE = 'Your SMS choices have been saved.';
export const CODE_HELD_MESSAGE =
  'The shop is not sending SMS at the moment, so no SMS was sent: your code waits with our staff, who can call you with it.';

/** The field's message from the API (422), else the form's. */
function fieldMessage(error: unknown, field: string): string | null {
  if (!isApiError(error)) return null;
  return error.fields.find((item) => item.field === field)?.message ?? null;
}

function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: string;
  type?: string;
  inputMode?: 'tel' | 'numeric';
  autoComplete?: string;
}) {
  const id = useId();
  const describedBy = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {props.label}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-soft">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** Phone verification by a 6-digit SMS code: SMS only ever go to a verified phone. */
function PhoneVerification({ settings }: { settings: SmsSettings }) {
  const [phone, setPhone] = useState(settings.verified_phone ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhone();

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setCodeError(null);
    const parsed = sendPhoneCodeRequestSchema.safeParse({ phone });
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message ?? 'Check the number');
      return;
    }
    setPhoneError(null);
    try {
      const answer = await sendCode.mutateAsync({ phone });
      setSentTo(answer.phone);
      setCode('');
      setMessage({
        kind: 'info',
        text:
          answer.delivery === 'sms'
            ? `We sent a 6-digit code to ${answer.phone}. It expires in ${answer.expires_in_minutes} minutes.`
            : `${CODE_HELD_MESSAGE} It expires in ${answer.expires_in_minutes} minutes.`,
      });
    } catch (error) {
      setPhoneError(fieldMessage(error, 'phone'));
      setMessage({ kind: 'error', text: formErrorMessage(error) });
    }
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    setMessage(null);
    const parsed = verifyPhoneRequestSchema.safeParse({ phone: sentTo, code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'Check the code');
      return;
    }
    setCodeError(null);
    try {
      const settingsNow = await verify.mutateAsync({ phone: sentTo, code });
      setSentTo(null);
      setCode('');
      setPhone(settingsNow.verified_phone ?? '');
      setMessage({ kind: 'success', text: PHONE_VERIFIED_MESSAGE });
    } catch (error) {
      setCodeError(fieldMessage(error, 'code'));
      setMessage({ kind: 'error', text: formErrorMessage(error) });
    }
  };

  return (
    <div className="space-y-4">
      {settings.verified_phone ? (
        <p className="flex flex-wrap items-center gap-2 text-ink">
          SMS go to <strong>{settings.verified_phone}</strong>
          <span className="rounded-full bg-gold-200 px-2.5 py-0.5 text-sm font-semibold text-ink">
            Verified
          </span>
        </p>
      ) : (
        <p className="text-ink-soft">No phone is verified yet: we send no SMS until you verify one.</p>
      )}
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <form onSubmit={onSend} noValidate aria-label="Verify your phone" className="space-y-3">
        <Field
          label="Phone for SMS"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={setPhone}
          error={phoneError}
          hint={`A Ugandan mobile number. We text it a code that expires in ${PHONE_CODE_TTL_MINUTES} minutes.`}
        />
        <button type="submit" className={secondaryButtonClass} disabled={sendCode.isPending}>
          {sendCode.isPending ? 'Sending…' : sentTo ? 'Send a new code' : 'Send code'}
        </button>
      </form>
      {sentTo ? (
        <form onSubmit={onVerify} noValidate aria-label="Enter the code" className="space-y-3">
          <Field
            label="Code from the SMS"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            error={codeError}
          />
          <button type="submit" className={primaryButtonClass} disabled={verify.isPending}>
            {verify.isPending ? 'Checking…' : 'Verify phone'}
          </button>
        </form>
      ) : null}
    </div>
  );
}

function SmsChoices({ preferences }: { preferences: SmsPreferences }) {
  const [choices, setChoices] = useState(preferences);
  // The consents section changes the same choices: the boxes follow the saved ones.
  useEffect(() => setChoices(preferences), [preferences]);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const update = useUpdateSmsPreferences();
  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      const saved = await update.mutateAsync(choices);
      setChoices(saved.preferences);
      setMessage({ kind: 'success', text: SMS_CHOICES_SAVED_MESSAGE });
    } catch (error) {
      setMessage({ kind: 'error', text: formErrorMessage(error) });
    }
  };
  const toggle = (topic: SmsTopic) => setChoices((current) => ({ ...current, [topic]: !current[topic] }));
  return (
    <form onSubmit={onSave} aria-label="SMS choices" className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="mb-2 font-semibold text-ink">Send me by SMS</legend>
        {SMS_TOPICS.map((topic) => (
          <label key={topic} className="flex items-start gap-3 text-ink">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-wine-800"
              checked={choices[topic]}
              onChange={() => toggle(topic)}
            />
            <span>{SMS_TOPIC_LABELS[topic]}</span>
          </label>
        ))}
      </fieldset>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <button type="submit" className={secondaryButtonClass} disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save SMS choices'}
      </button>
    </form>
  );
}

/** /profile's SMS section: verify the phone, then choose which messages come by SMS. */
export function SmsSettingsSection() {
  const { data: settings, isPending, isError, refetch } = useSmsSettings();
  return (
    <section aria-labelledby="sms-heading" className="mt-12 max-w-2xl space-y-6">
      <h2 id="sms-heading" className="font-serif text-2xl text-wine-900">
        SMS
      </h2>
      {isPending || isError || !settings ? (
        <QueryStatus
          pending={isPending}
          onRetry={refetch}
          what="Your SMS settings"
          loading="Loading your SMS settings…"
        />
      ) : (
        <>
          {settings.sms_enabled ? null : (
            <FormMessage kind="info">
              The shop is not sending SMS at the moment: messages wait with our staff, who may call you
              instead.
            </FormMessage>
          )}
          <PhoneVerification settings={settings} />
          <SmsChoices preferences={settings.preferences} />
        </>
      )}
    </section>
  );
}
