// The shapes the API answers with, shared by the API (which builds them) and the page and service
// worker (which read them), so the two sides cannot drift apart. Dates are ISO strings.

/** A shared file as anyone with the link sees it. */
export interface ShareDto {
  shareId: string;
  name: string;
  size: number;
  type: string;
  createdAt: string;
  /** Null while uploading; set to 3 days after upload when the upload completes. */
  expiresAt: string | null;
  downloadCount: number;
  viewCount: number;
}

/** A file as its owner sees it (the device that uploaded it holds its owner token). */
export interface FileDto extends ShareDto {
  fileId: string;
  shareUrl: string;
  state: 'uploading' | 'complete';
}

/** One entry of RTCConfiguration.iceServers, as the browser takes it. */
export interface IceServerDto {
  urls: string[];
  username?: string;
  credential?: string;
}

/** GET /p2p/ice-servers: what the direct-transfer page hands to WebRTC. */
export interface IceServersDto {
  iceServers: IceServerDto[];
  /** Seconds the TURN credentials stay valid; absent when there is no TURN server. */
  ttlSeconds?: number;
}
