// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_ATTRIBUTE,
  APP_LIVE_EVENT,
  COPY_TEXT_ATTRIBUTE,
  ENTRY_ATTRIBUTE,
  HELD_ATTRIBUTE,
  HELD_COPY_ATTRIBUTE,
  PRELOAD_ATTRIBUTE,
  START_ATTRIBUTE,
  START_ON_INTENT,
  TICKET_ATTRIBUTE,
} from './boot-contract';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const bootJs = read('public/boot.js');
const indexHtml = read('index.html');
/** Mantine's own attribute, which boot.js sets for the colour scheme; not part of the contract. */
const COLOR_SCHEME_ATTRIBUTE = 'data-mantine-color-scheme';

const attributesIn = (text: string) => new Set(text.match(/data-[a-z-]+/g) ?? []);

describe('the names public/boot.js shares with the app', () => {
  it('are the ones boot.js reads, sets and listens for', () => {
    const inBoot = attributesIn(bootJs);
    inBoot.delete(COLOR_SCHEME_ATTRIBUTE);
    expect([...inBoot].sort()).toEqual(
      [
        API_KEY_ATTRIBUTE,
        COPY_TEXT_ATTRIBUTE,
        ENTRY_ATTRIBUTE,
        HELD_ATTRIBUTE,
        HELD_COPY_ATTRIBUTE,
        PRELOAD_ATTRIBUTE,
        START_ATTRIBUTE,
        TICKET_ATTRIBUTE,
      ].sort(),
    );
    expect(bootJs).toContain(`getAttribute('${START_ATTRIBUTE}') === '${START_ON_INTENT}'`);
    const events = [...bootJs.matchAll(/addEventListener\(\s*'([a-z-]+)'/g)].map((match) => match[1]);
    expect(events).toContain(APP_LIVE_EVENT);
  });

  it('are the ones index.html styles a held tap with', () => {
    const styled = [...indexHtml.matchAll(/html\[(data-[a-z-]+)\]/g)].map((match) => match[1]);
    expect(styled.length).toBeGreaterThan(0);
    expect(new Set(styled)).toEqual(new Set([HELD_ATTRIBUTE]));
  });
});
