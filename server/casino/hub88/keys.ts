/**
 * Hub88's signature scheme, both ways: the raw body signed with RSA-SHA256 and the signature in
 * Base64 in the X-Hub88-Signature header. Hub88 signs its wallet calls with its private key (we
 * verify with its public key); we sign our Games and Freebets API calls with our private key (Hub88
 * verifies with the public key we gave it).
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { SignatureVerifier } from '../signature.ts';

export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

/**
 * A key from configuration: PEM text (newlines may be written as \n in an env file) or the path of
 * a PEM file. Throws with the variable's name when it is neither.
 */
export function readPem(value: string, name: string): string {
  const text = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : existsSync(value) ? readFileSync(value, 'utf8') : '';
  if (!text.includes('-----BEGIN')) throw new Error(`${name}: neither a PEM key nor the path of one`);
  return text;
}

export const privateKeyOf = (pem: string): KeyObject => createPrivateKey(pem);
/** A public key from its PEM (SPKI or PKCS#1), or from a private key's PEM (its public half). */
export const publicKeyOf = (pem: string): KeyObject => createPublicKey(pem);

/** The Base64 RSA-SHA256 signature of the raw body. */
export const rsaSign = (key: KeyObject, raw: string | Buffer): string =>
  sign('sha256', typeof raw === 'string' ? Buffer.from(raw) : raw, key).toString('base64');

/** True when `signature` (Base64) signs exactly `raw` under `key`. */
export function rsaVerify(key: KeyObject, raw: Buffer, signature: string | undefined): boolean {
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 2048 || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', raw, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** The verifier of Hub88's calls (no key configured: nothing verifies). */
export const rsaVerifier = (key: KeyObject | null): SignatureVerifier => ({
  verify: (raw, signature) => key !== null && rsaVerify(key, raw, signature),
});
