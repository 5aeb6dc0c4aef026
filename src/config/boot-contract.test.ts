// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contract from './boot-contract';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import {
  API_KEY_ATTRIBUTE,
  APP_LIVE_EVENT,
  DIRECT_URL_ATTRIBUTE,
  DIRECT_URL_TTL_ATTRIBUTE,
  HELD_ATTRIBUTE,
  HELD_FILES_EVENT,
  HELD_FILES_PROPERTY,
  START_APP_EVENT,
  START_ATTRIBUTE,
  START_ON_INTENT,
  KEY_CHECK_ATTRIBUTE,
  TICKET_ATTRIBUTE,
  ZIP_ATTRIBUTE,
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
    // Every attribute the contract names, and no other.
    const named = Object.values(contract).filter((name) => typeof name === 'string' && name.startsWith('data-'));
    expect([...inBoot].sort()).toEqual(named.sort());
    expect(bootJs).toContain(`getAttribute('${START_ATTRIBUTE}') === '${START_ON_INTENT}'`);
    const events = [...bootJs.matchAll(/addEventListener\(\s*'([a-z-]+)'/g)].map((match) => match[1]);
    expect(events).toContain(APP_LIVE_EVENT);
    expect(bootJs).toContain(`window.${HELD_FILES_PROPERTY} = `);
    expect(bootJs).toContain(`new Event('${HELD_FILES_EVENT}')`);
    expect(bootJs).toContain(`localStorage.getItem('${LANGUAGE_STORAGE_KEY}')`);
    expect(bootJs).toContain(`'${START_APP_EVENT}'];`);
    expect(read('public/share-fill.js')).toContain(`new Event('${START_APP_EVENT}')`);
  });

  it('are the ones the static host’s download page shell gives its Download button', () => {
    // public/share-fill.js writes the button boot.js reads, as the app's own page renders it.
    const shareFill = read('public/share-fill.js');
    const names = [
      TICKET_ATTRIBUTE,
      API_KEY_ATTRIBUTE,
      KEY_CHECK_ATTRIBUTE,
      ZIP_ATTRIBUTE,
      DIRECT_URL_ATTRIBUTE,
      DIRECT_URL_TTL_ATTRIBUTE,
    ];
    for (const name of names) {
      expect(shareFill).toContain(`setAttribute('${name}'`);
    }
  });

  it('are the ones index.html styles a held tap with', () => {
    const styled = [...indexHtml.matchAll(/html\[(data-[a-z-]+)\]/g)].map((match) => match[1]);
    expect(styled.length).toBeGreaterThan(0);
    expect(new Set(styled)).toEqual(new Set([HELD_ATTRIBUTE]));
  });
});
