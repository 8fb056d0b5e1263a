import { POD_TEXT, type Reason } from '@gerai/contract';

export interface ReasonChoice {
  reasonId: number | null;
  text: string;
}

export interface ReasonChoiceErrors {
  reason?: string;
  text?: string;
}

/**
 * A reason from the list is required; "Lainnya" (requiresText) needs a free
 * text of at least POD_TEXT.reasonTextMin characters. Returns null when it may be sent.
 */
export function checkReasonChoice(
  choice: ReasonChoice,
  reasons: readonly Reason[],
  messages: { reasonRequired: string; textRequired: string },
): ReasonChoiceErrors | null {
  const reason = reasons.find((r) => r.id === choice.reasonId);
  if (!reason) return { reason: messages.reasonRequired };
  if (reason.requiresText && choice.text.trim().length < POD_TEXT.reasonTextMin) return { text: messages.textRequired };
  return null;
}
