// What the reconnect storm's parent and its page processes say to each other.

export type StormClientRequest =
  | {
      type: 'open';
      url: string;
      tokens: string[];
      /** Overrides the app's jitter window (0: no limiter at all); unset: the app's own. */
      jitterMs?: number;
    }
  | { type: 'report' }
  | { type: 'close' };

export type StormOpened = { pages: number; ms: number };

export type StormPageReport = {
  /** [row id, version] as the page's live store holds it. */
  versions: [number, number][];
  /** `id:version` heard by broadcast. */
  heard: string[];
  listSubscribedAt: number[];
  presenceAt: number[];
  /** When the page's websocket became `connected`, each time, epoch ms. */
  connectedAt: number[];
  status: string;
};

export type StormReport = {
  pages: StormPageReport[];
  authStarts: number[];
  /** When a reconnect probe (a plain GET of the websocket path) was answered, epoch ms. */
  probesAnswered: number[];
};
