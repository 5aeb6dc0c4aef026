import { useCallback, useState } from 'react';
import { addRecipient, canAddRecipient } from '@domain/recipients';
import type { RecipientProblem } from '@domain/recipients';

export interface SendRecipients {
  recipients: readonly string[];
  /** What is typed in the address field. */
  draft: string;
  setDraft: (value: string) => void;
  /** Adds the draft; on success the field empties and the new list is returned, otherwise `problem` says why not. */
  add: () => readonly string[] | null;
  remove: (email: string) => void;
  clear: () => void;
  problem: RecipientProblem | null;
  /** At MAX_RECIPIENTS: the field and the add button are disabled. */
  full: boolean;
}

/** The recipient list of a send, with the rules of domain/recipients (docs/product.md §5). */
export function useSendRecipients(): SendRecipients {
  const [recipients, setRecipients] = useState<readonly string[]>([]);
  const [draft, setDraftState] = useState('');
  const [problem, setProblem] = useState<RecipientProblem | null>(null);

  const setDraft = useCallback((value: string) => {
    setDraftState(value);
    setProblem(null);
  }, []);

  const add = useCallback(() => {
    const result = addRecipient(recipients, draft);
    setProblem(result.problem);
    if (result.problem !== null) return null;
    setRecipients(result.list);
    setDraftState('');
    return result.list;
  }, [draft, recipients]);

  const remove = useCallback((email: string) => {
    setRecipients((list) => list.filter((item) => item !== email));
    setProblem(null);
  }, []);

  const clear = useCallback(() => {
    setRecipients([]);
    setDraftState('');
    setProblem(null);
  }, []);

  return { recipients, draft, setDraft, add, remove, clear, problem, full: !canAddRecipient(recipients) };
}
