// The rules of "send the links by email" (docs/product.md §5), shared by the Home page (which explains a
// refusal as it happens) and the API (which enforces them, whatever a page sends).
import { MAX_RECIPIENTS } from './constants.ts';
import { isValidEmail } from './validation.ts';

/**
 * Longest title a send may carry (default 100): it is quoted in the mail as the sender's words,
 * never its subject, and a line is all it needs.
 */
export const MAX_SEND_TITLE_LENGTH = 100;

/** Longest personal message a send may carry (default 1,000): a note, not a letter from the operator's domain. */
export const MAX_SEND_MESSAGE_LENGTH = 1_000;

/** Sends one visitor may make per window, so the endpoint cannot be used to spam. */
export const SEND_MAX_PER_WINDOW = 10;
export const SEND_WINDOW_MS = 60 * 60 * 1000;

/** Why an address was not added. */
export type RecipientProblem = 'empty' | 'invalid' | 'duplicate' | 'full';

export type RecipientCheck = { ok: true; email: string } | { ok: false; problem: RecipientProblem };

/** How an address is compared and kept: trimmed, and lower-case (mailboxes are case-blind in practice). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** True while the list has room for one more recipient. */
export function canAddRecipient(list: readonly string[]): boolean {
  return list.length < MAX_RECIPIENTS;
}

/** Checks one candidate against the list: a real address, not already there, and room left. */
export function checkRecipient(list: readonly string[], candidate: string): RecipientCheck {
  const email = normalizeEmail(candidate);
  if (email === '') return { ok: false, problem: 'empty' };
  if (!canAddRecipient(list)) return { ok: false, problem: 'full' };
  if (!isValidEmail(email)) return { ok: false, problem: 'invalid' };
  if (list.some((existing) => normalizeEmail(existing) === email)) return { ok: false, problem: 'duplicate' };
  return { ok: true, email };
}

/** The list with the candidate added, or the problem that kept it out. */
export function addRecipient(
  list: readonly string[],
  candidate: string,
): { list: readonly string[]; problem: RecipientProblem | null } {
  const check = checkRecipient(list, candidate);
  return check.ok ? { list: [...list, check.email], problem: null } : { list, problem: check.problem };
}

/**
 * A whole recipient list as a server receives it: every entry an address, none repeated, between
 * one and MAX_RECIPIENTS. Returns the normalised list or the first problem found.
 */
export function validateRecipientList(
  values: readonly unknown[],
): { ok: true; recipients: string[] } | { ok: false; problem: RecipientProblem | 'none' } {
  if (values.length === 0) return { ok: false, problem: 'none' };
  if (values.length > MAX_RECIPIENTS) return { ok: false, problem: 'full' };
  const recipients: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string') return { ok: false, problem: 'invalid' };
    const check = checkRecipient(recipients, value);
    if (!check.ok) return { ok: false, problem: check.problem };
    recipients.push(check.email);
  }
  return { ok: true, recipients };
}

/** A single-line text for a mail subject: control characters (CR/LF included) become spaces. */
export function toSingleLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** After a send from the file-processing modal, 'Sent!' shows this long before it closes (docs/product.md §9). */
export const SENT_MODAL_CLOSE_DELAY_MS = 2_000;
