import { useCallback, useState } from 'react';
import { addRecipient, canAddRecipient } from '@domain/recipients';
import type { RecipientProblem } from '@domain/recipients';

export interface SendRecipients {
  recipients: readonly string[];
  /** What is typed in the address field. */
  draft: string;
  setDraft: (value: string) => void;
  /**
   * Adds the draft, or `text` (pasted), each address of it: several may be separated by commas,
   * semicolons, spaces or new lines. On success the field empties and the new list is returned;
   * otherwise what was refused stays in the field and `problem` says why.
   */
  add: (text?: string) => readonly string[] | null;
  remove: (email: string) => void;
  clear: () => void;
  problem: RecipientProblem | null;
  /** At MAX_RECIPIENTS: the field and the add button are disabled. */
  full: boolean;
}

/** Between addresses pasted or typed together (a mail client's 'a@x.com, b@y.com', a spreadsheet's column). */
const SEPARATORS = /[\s,;]+/;

/** True when `text` holds more than one address to split. */
export function holdsSeveralAddresses(text: string): boolean {
  return SEPARATORS.test(text.trim());
}

/** The list with each address of `text` added in turn, what was refused, and the first refusal's reason. */
function addEach(list: readonly string[], text: string) {
  let current = list;
  const refused: string[] = [];
  let problem: RecipientProblem | null = null;
  const candidates = text.split(SEPARATORS).filter((candidate) => candidate !== '');
  if (candidates.length === 0) return { list, refused, problem: addRecipient(list, '').problem };
  for (const candidate of candidates) {
    const result = addRecipient(current, candidate);
    if (result.problem === null) current = result.list;
    else {
      refused.push(candidate);
      problem ??= result.problem;
    }
  }
  return { list: current, refused, problem };
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

  const add = useCallback(
    (text: string = draft) => {
      const result = addEach(recipients, text);
      setRecipients(result.list);
      setProblem(result.problem);
      setDraftState(result.refused.join(', '));
      return result.problem === null ? result.list : null;
    },
    [draft, recipients],
  );

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
