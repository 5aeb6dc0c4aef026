import { useEffect, useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import type { ShareEncryptionDto } from '@domain/api-types';
import { isE2eError } from '@/lib/crypto/errors';
import { recipientSecrets } from '@/lib/crypto/recipient-key';
import { useHydrated } from '@/lib/use-hydrated';
import { openWithPassword, type OpenedWithPassword } from '../api/unlock-share';
import { PLAIN_ACCESS, type ShareAccess } from './use-share-access';

/** What is wrong with a link, in the words the page uses: no key or a cut one, or a key that is not this share's. */
export type LinkProblem = 'incomplete' | 'broken';

export type LinkState =
  /** The page can show the share: its files stored as sent, or the link's key checked (or being checked). */
  | { status: 'open'; access: ShareAccess }
  /** A password share: the page asks for the password first. */
  | { status: 'locked' }
  | { status: 'bad-link'; problem: LinkProblem };

/** The link problem an error of reading the key is, or null for any other error. */
export function linkProblemOf(error: unknown): LinkProblem | null {
  if (isE2eError(error, 'link-incomplete')) return 'incomplete';
  if (isE2eError(error, 'link-malformed') || isE2eError(error, 'wrong-key')) return 'broken';
  return null;
}

/**
 * Reads the key from the link's fragment, before anything of the share's files is fetched, and
 * checks it against the share's key check, with a password as without one: a changed link is
 * broken before any password is asked for. With a password, `unlock` then derives the slow key and
 * proves the password to the server. The fragment is read only in the browser (the host's render
 * never has it), once the page is live: until then the share shows as it will once opened (a
 * password share, its password screen), and its downloads wait for the check. The key and the
 * proof stay in memory.
 */
export function useShareSecrets(shareId: string, encryption: ShareEncryptionDto | null | undefined) {
  const fragment = useLocation({ select: (location) => location.hash });
  const hydrated = useHydrated();
  const [opened, setOpened] = useState<OpenedWithPassword | null>(null);
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  const encrypted = encryption !== null && encryption !== undefined;
  const salt = encryption?.password?.salt ?? null;
  const keyCheck = encryption?.keyCheck ?? '';

  // The link's key against the key check; for a password share only the first step of opening it.
  const checked = useMemo(() => {
    if (!hydrated || !encrypted) return null;
    const result = recipientSecrets(fragment, keyCheck);
    // Its failure is the effect's below, which may attach after it has happened.
    result.catch(() => undefined);
    return result;
  }, [hydrated, encrypted, fragment, keyCheck]);

  useEffect(() => {
    if (!checked) return;
    let current = true;
    checked.catch((error: unknown) => {
      if (current) setProblem(linkProblemOf(error) ?? 'broken');
    });
    return () => {
      current = false;
    };
  }, [checked]);

  const secrets = useMemo(() => {
    if (opened) return Promise.resolve(opened.secrets);
    return salt === null ? checked : null;
  }, [opened, salt, checked]);

  const unlock = useMutation({
    mutationFn: (password: string) => openWithPassword(shareId, fragment, { salt: salt ?? '', keyCheck }, password),
    onSuccess: setOpened,
    onError: (error) => {
      const linkProblem = linkProblemOf(error);
      if (linkProblem) setProblem(linkProblem);
    },
  });

  const access = useMemo<ShareAccess>(
    () =>
      encryption
        ? { encrypted: true, encryption, secrets, proof: opened?.proof ?? null, fragment: hydrated ? fragment : '' }
        : PLAIN_ACCESS,
    [encryption, secrets, opened, hydrated, fragment],
  );

  let state: LinkState;
  if (problem) state = { status: 'bad-link', problem };
  else if (salt !== null && !opened) state = { status: 'locked' };
  else state = { status: 'open', access };
  return { state, unlock };
}
