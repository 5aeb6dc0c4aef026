// The receiving page: it dials the sender of a link, or waits under a short code for a sender to
// type it. It decides where files are written, keeps them for the person to save, and drops them
// after PEER_FILE_TTL_MS or when the page goes.
import { PEER_FILE_TTL_MS } from '@domain/constants';
import { newKeyPair } from '../protocol/crypto';
import { baseName } from '../protocol/file-names';
import { randomCode, randomLinkId } from '../protocol/peer-ids';
import { ReceiverSession, type SinkFactory } from '../protocol/receiver-session';
import {
  detectStorage,
  memorySinks,
  openReceiveFolder,
  pickSaveFile,
  pickedFileSinks,
  saveReceivedFile,
  type ReceiveFolder,
} from '../storage/received-storage';
import type { ReceivedFile } from '../protocol/session-core';
import { saveAll, type SaveAllOutcome } from '../storage/save-all';
import { chooseStoragePlan, type StorageAbilities, type StoragePlan } from '../storage/storage-plan';
import { TransferController, type ControllerSnapshot } from './transfer-controller';

export interface ReceiveSnapshot extends ControllerSnapshot {
  /** Where the offered files will go, known once the offer is in. */
  plan?: StoragePlan;
  /** True once the received files were dropped after PEER_FILE_TTL_MS. */
  expired: boolean;
}

export type ReceiveTarget =
  /** A receive link: the sender's peer id and the public key from the link's fragment. */
  | { mode: 'link'; peerId: string; senderPublicKey: Uint8Array }
  /** "Receive with a code": wait under a fresh short code. */
  | { mode: 'code' };

export class ReceiveController extends TransferController<ReceiverSession> {
  private abilities: StorageAbilities | undefined;
  private plan: StoragePlan | undefined;
  private folder: ReceiveFolder | undefined;
  private expiry: ReturnType<typeof setTimeout> | undefined;
  private expired = false;
  private cached: { base: ControllerSnapshot; value: ReceiveSnapshot } | undefined;

  constructor(
    iceServers: () => Promise<RTCIceServer[]>,
    private readonly target: ReceiveTarget,
  ) {
    const keys = newKeyPair();
    super(
      iceServers,
      target.mode === 'link'
        ? new ReceiverSession({ mode: 'link', senderPublicKey: target.senderPublicKey, keys })
        : new ReceiverSession({ mode: 'code', keys }),
    );
    this.session.subscribe(() => this.offerChanged());
  }

  override getSnapshot = (): ReceiveSnapshot => {
    const base = this.current;
    if (this.cached?.base === base) return this.cached.value;
    const value: ReceiveSnapshot = { ...base, plan: this.plan, expired: this.expired };
    this.cached = { base, value };
    return value;
  };

  async start(): Promise<void> {
    const peer = await this.openPeer(this.target.mode === 'link' ? randomLinkId : randomCode);
    if (peer && this.target.mode === 'link') await this.dialFirst(this.session, this.target.peerId);
  }

  /** Works out, once the offer is in, where the files would go; the screen says it before Accept. */
  private offerChanged(): void {
    const snapshot = this.session.getSnapshot();
    if (snapshot.phase !== 'offered' || this.plan || this.abilities) return;
    this.abilities = { savePicker: false, privateFileSystem: false, available: null };
    void detectStorage().then((abilities) => {
      this.abilities = abilities;
      this.plan = chooseStoragePlan(abilities, snapshot.files.length, snapshot.totalBytes);
      this.set({});
    });
  }

  /**
   * Accept, from the button's click: the save picker needs that click, so it is asked first, before
   * anything else is awaited. Closing the picker keeps the file in this page instead.
   */
  async accept(): Promise<void> {
    const plan = this.plan;
    const files = this.session.getSnapshot().files;
    if (!plan || plan.kind === 'too-large' || files.length === 0) return;
    let sinks: SinkFactory | undefined;
    if (plan.kind === 'picker') {
      const handle = await pickSaveFile(baseName(files[0]?.path ?? 'file'));
      if (handle) sinks = pickedFileSinks(handle);
    }
    if (!sinks && this.abilities?.privateFileSystem) {
      try {
        this.folder = await openReceiveFolder();
        sinks = this.folder.sinks;
      } catch (error) {
        console.warn('The private file system refused a folder; keeping files in memory', error);
      }
    }
    sinks ??= memorySinks();
    this.session.accept(sinks);
  }

  /** Hands received file `index` to the browser's downloads. */
  save(index: number): void {
    const file = this.session.getSnapshot().received[index];
    const path = this.session.getSnapshot().files[index]?.path;
    if (file?.kind === 'stored' && path !== undefined && !this.expired) saveReceivedFile(file.blob, baseName(path));
  }

  /** Saves every received file at once (storage/save-all.ts), from the button's click. */
  saveAll(): Promise<SaveAllOutcome> {
    const { files, received } = this.session.getSnapshot();
    if (this.expired) return Promise.resolve('cancelled');
    const toSave = received.flatMap((file, index) => {
      const path = files[index]?.path;
      return file?.kind === 'stored' && path !== undefined ? [{ blob: file.blob, path }] : [];
    });
    return saveAll(toSave);
  }

  cancel(): void {
    this.session.cancel();
  }

  protected remoteId(): string | undefined {
    return this.target.mode === 'link' ? this.target.peerId : undefined;
  }

  protected override sessionFinished(): void {
    // Received files are kept for PEER_FILE_TTL_MS (docs/product.md §9), then dropped.
    this.expiry ??= setTimeout(() => {
      this.expired = true;
      void this.dropFiles();
      this.set({});
    }, PEER_FILE_TTL_MS);
  }

  private async dropFiles(): Promise<void> {
    const received = this.session
      .getSnapshot()
      .received.filter((file): file is Extract<ReceivedFile, { kind: 'stored' }> => file?.kind === 'stored');
    await Promise.all(received.map((file) => file.discard().catch(() => undefined)));
    await this.folder?.remove().catch(() => undefined);
  }

  override destroy(): void {
    super.destroy();
    clearTimeout(this.expiry);
    this.expired = true;
    void this.dropFiles();
  }
}
