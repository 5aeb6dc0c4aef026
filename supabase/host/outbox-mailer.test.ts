// @vitest-environment node
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox-mailer.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('outbox mailer', () => {
  it('writes each message as an .eml file in the outbox folder and says where', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ulak-outbox-'));
    const outbox = path.join(dir, 'outbox');
    const lines: string[] = [];
    const mailer = createOutboxMailer(outbox, 'Ulak <no-reply@ulak.test>', (m) => lines.push(m));

    const result = await mailer.send({
      to: ['ada@example.com', 'alan@example.org'],
      subject: 'Holiday photos',
      text: 'Here they are: http://app.test/s/AbCd1234',
      html: '<p>Here they are</p>',
    });

    expect(result.accepted).toEqual(['ada@example.com', 'alan@example.org']);
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toContain('To: ada@example.com, alan@example.org');
    expect(eml).toContain('From: Ulak <no-reply@ulak.test>');
    expect(eml).toContain('Subject: Holiday photos');
    expect(eml).toContain('http://app.test/s/AbCd1234');
    expect(lines[0]).toContain(path.join(outbox, files[0]!));
  });

  it('prunes old messages, a message left half written by a crash too, and keeps newer ones', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ulak-outbox-'));
    const outbox = path.join(dir, 'outbox');
    await mkdir(outbox);
    const old = new Date(Date.now() - 40 * 86_400_000);
    for (const name of ['old.eml', 'crashed.eml.writing', 'notes.txt']) {
      await writeFile(path.join(outbox, name), 'To: ada@example.com');
      await utimes(path.join(outbox, name), old, old);
    }
    await writeFile(path.join(outbox, 'new.eml'), 'To: alan@example.org');
    const mailer = createOutboxMailer(outbox, 'Ulak <no-reply@ulak.test>', () => {});
    await mailer.prune!(new Date(Date.now() - 30 * 86_400_000));
    expect((await readdir(outbox)).sort()).toEqual(['new.eml', 'notes.txt']);
  });
});
