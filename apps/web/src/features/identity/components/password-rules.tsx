import type { PasswordPolicy } from '@shop/contract/identity';
import { Check, Circle, Info, X } from 'lucide-react';

export type RuleState = 'todo' | 'met' | 'unmet' | 'server' | 'info';

export type PasswordRuleCheck = { text: string; state: RuleState };

/**
 * Each rule of the identity service's policy with its state for `password`: the length rules are
 * checked as the customer types (before the first character they are just to do: an empty field
 * has failed nothing); the common-password rule is the server's (checked on submit); the others
 * are information.
 */
export function checkPasswordRules(policy: PasswordPolicy, password: string): PasswordRuleCheck[] {
  const length = [...password].length;
  return policy.rules.map((text) => {
    const lengthRule =
      (/at least/i.test(text) && text.includes(String(policy.min_length))) ||
      (/at most/i.test(text) && text.includes(String(policy.max_length)));
    if (lengthRule && length === 0) return { text, state: 'todo' };
    if (/at least/i.test(text) && text.includes(String(policy.min_length))) {
      return { text, state: length >= policy.min_length ? 'met' : 'unmet' };
    }
    if (/at most/i.test(text) && text.includes(String(policy.max_length))) {
      return { text, state: length <= policy.max_length ? 'met' : 'unmet' };
    }
    if (/common/i.test(text)) return { text, state: 'server' };
    return { text, state: 'info' };
  });
}

const STATE_LABEL: Record<RuleState, string> = {
  todo: '',
  met: 'done',
  unmet: 'not yet',
  server: 'checked when you submit',
  info: '',
};

/** The password rules as a checklist that follows what the customer types. */
export function PasswordRules({
  policy,
  password,
  id,
}: {
  policy: PasswordPolicy;
  password: string;
  id?: string;
}) {
  const checks = checkPasswordRules(policy, password);
  return (
    <ul id={id} aria-label="Password rules" className="mt-1 space-y-1 text-sm">
      {checks.map((rule) => (
        <li
          key={rule.text}
          data-state={rule.state}
          className={`flex items-start gap-2 ${rule.state === 'met' ? 'text-green-800' : 'text-ink-soft'}`}
        >
          {rule.state === 'met' ? (
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : rule.state === 'unmet' ? (
            <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-wine-700" />
          ) : rule.state === 'todo' || rule.state === 'server' ? (
            <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          <span>
            {rule.text}
            {STATE_LABEL[rule.state] ? <span className="sr-only"> ({STATE_LABEL[rule.state]})</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
