import { POD_TEXT, textLength, type Reason } from '@gerai/contract';
import { t } from '../i18n/id';
import { fieldsText } from '../i18n/fields';

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
 * text of at least POD_TEXT.reasonTextMin characters and at most `textMax` (kept whole when longer:
 * the field says how much to remove). Returns null when it may be sent.
 */
export function checkReasonChoice(
  choice: ReasonChoice,
  reasons: readonly Reason[],
  messages: { reasonRequired: string; textRequired: string },
  textMax: number = POD_TEXT.reasonTextMax,
): ReasonChoiceErrors | null {
  const reason = reasons.find((r) => r.id === choice.reasonId);
  if (!reason) return { reason: messages.reasonRequired };
  if (!reason.requiresText) return null;
  const count = textLength(choice.text);
  if (count < POD_TEXT.reasonTextMin) return { text: messages.textRequired };
  if (count > textMax) return { text: t(fieldsText.textField.tooLong, { count, max: textMax, over: count - textMax }) };
  return null;
}
