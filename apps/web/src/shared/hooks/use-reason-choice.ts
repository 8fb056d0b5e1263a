import { useState } from 'react';
import type { ReasonChoice, ReasonChoiceErrors } from '../utils/reason-choice';

/**
 * A reason form's choice (ReasonPicker) and what was wrong with it: a new choice clears the
 * errors, which spoke of the old one. `setErrors` takes checkReasonChoice's answer on submit.
 */
export function useReasonChoice() {
  const [choice, setChoice] = useState<ReasonChoice>({ reasonId: null, text: '' });
  const [errors, setErrors] = useState<ReasonChoiceErrors | null>(null);
  const change = (next: ReasonChoice) => {
    setChoice(next);
    setErrors(null);
  };
  return { choice, errors, setErrors, change };
}
