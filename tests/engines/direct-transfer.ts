// A direct transfer from Chromium (the sender) to another engine (the receiver), through the real
// host's PeerJS server.
import { expect } from 'vitest';
import { text } from '../e2e/fixtures/locales';
import type { TestFile } from '../e2e/fixtures/test-files';
import { byText, waitFor, waitForText, type Engine, type EnginePage } from './fixtures/engine';
import { downloaded } from './cross-engine-paths';

/** Opens /p2p in Chromium, picks `file`, and returns the receive link once it is shown. */
export async function offerFromChromium(sender: EnginePage, origin: string, file: TestFile): Promise<string> {
  await sender.goto(`${origin}/p2p`);
  await waitForText(sender, text('en', 'p2p.title'));
  await sender.pickFiles({ css: '[data-testid="p2p-files-input"]' }, [file.path]);
  return waitFor<string>(
    sender,
    'the receive link',
    `return document.querySelector('[data-testid="p2p-receive-link"]')?.getAttribute('href') ?? '';`,
  );
}

/**
 * The step every direct transfer takes: both pages show one safety code, and the sender's person,
 * having compared it, presses "The codes match: send" in Chromium.
 */
export async function confirmOnChromium(sender: EnginePage, receiver: EnginePage): Promise<void> {
  const code = await waitFor<string>(
    receiver,
    'the safety code',
    `return document.querySelector('[data-testid="p2p-safety-code"]')?.textContent ?? '';`,
  );
  expect(await sender.run(`return document.querySelector('[data-testid="p2p-safety-code"]')?.textContent`)).toBe(code);
  await sender.click(byText(text('en', 'p2p.send.confirmCodes'), 'button'));
}

/** The text of the receiving page's storage note, once the page has decided where files go. */
export function storageNote(receiver: EnginePage): Promise<string> {
  return waitFor<string>(
    receiver,
    'where the browser keeps received files',
    `return document.querySelector('[data-testid="p2p-storage"]')?.textContent?.trim() ?? '';`,
  );
}

/** Accepts the offer, waits for the end, presses Save: the SHA-256 of what the browser saved. */
export async function acceptAndSave(engine: Engine, receiver: EnginePage, file: TestFile): Promise<string> {
  await receiver.click(byText(text('en', 'p2p.receive.accept'), 'button'));
  await waitForText(receiver, text('en', 'p2p.receive.done'), 5 * 60_000);
  await receiver.click({ css: `button[aria-label="${text('en', 'p2p.receive.saveAria', { name: file.name })}"]` });
  return downloaded(engine, file.name, file.size);
}
