import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { iceServersQueryOptions } from '../transport/get-ice-servers';

interface Controller<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
  leave(): void;
  destroy(): void;
}

type IceServers = () => Promise<RTCIceServer[]>;

/** Makes a controller when the screen mounts and destroys it when it unmounts (twice in StrictMode). */
class ControllerHolder<T, C extends Controller<T>> {
  controller: C | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly create: (iceServers: IceServers) => C,
    private readonly queryClient: QueryClient,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify = () => {
    for (const listener of this.listeners) listener();
  };

  mount(): () => void {
    const controller = this.create(
      async () => (await this.queryClient.fetchQuery(iceServersQueryOptions())).iceServers,
    );
    this.controller = controller;
    const unsubscribe = controller.subscribe(this.notify);
    const onPageHide = () => controller.leave();
    window.addEventListener('pagehide', onPageHide);
    this.notify();
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      unsubscribe();
      controller.destroy();
      this.controller = null;
      this.notify();
    };
  }
}

/**
 * A transfer controller for as long as the screen is mounted: the session is destroyed with the
 * screen (docs/product.md §4) and says goodbye when the page is closed. Give the screen a React `key` to start
 * over with a fresh one. `create` gets a function that loads the ICE servers from the API.
 */
export function useController<T, C extends Controller<T>>(
  create: (iceServers: IceServers) => C,
): { controller: C | null; snapshot: T | null } {
  const queryClient = useQueryClient();
  const [holder] = useState(() => new ControllerHolder<T, C>(create, queryClient));
  useEffect(() => holder.mount(), [holder]);
  const controller = useSyncExternalStore(holder.subscribe, () => holder.controller);
  const snapshot = useSyncExternalStore(
    (listener) => holder.subscribe(listener),
    () => holder.controller?.getSnapshot() ?? null,
  );
  return { controller, snapshot };
}
