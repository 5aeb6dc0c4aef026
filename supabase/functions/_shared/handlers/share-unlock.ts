// POST /shares/{id}/unlock: a visitor proves they know the password of an encrypted transfer (the
// proof is the verifier their browser derived from the link and the typed password) and gets the
// link key's check value, which the page needs before it decrypts anything.
import type { Unlocked } from '../domain/api-types.ts';
import type { RouteHandler } from '../handler-types.ts';
import { HttpError, json, readJson } from '../http.ts';
import { visitorOf } from '../visitor.ts';
import { checkProof, parseProof, refuseUsedUp } from './share-access.ts';
import { parseShareId } from './share-common.ts';
import { transferOfShare } from './shares.ts';

export const unlockShare: RouteHandler = async (req, ctx, params) => {
  const shareId = parseShareId(params);
  const proof = parseProof((await readJson(req)).proof);
  const transfer = await transferOfShare(ctx, shareId);
  if (transfer?.takenDownAt)
    throw new HttpError(410, 'file_removed', 'This transfer was removed by the administrator.');
  const encryption = transfer?.encryption;
  if (!transfer || !encryption?.password) throw new HttpError(409, 'no_password', 'This link has no password.');
  refuseUsedUp(transfer);
  await checkProof(ctx, transfer, proof, await visitorOf(req, ctx));
  return json<Unlocked>({ keyCheck: encryption.keyCheck });
};
