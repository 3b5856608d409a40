import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes } from '@noble/ciphers/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The login password travels encrypted with the captcha id (spec 1 §3: "password (encrypted with
 * the captcha id)"): AES-256-GCM, key = SHA-256(utf8(uuid)), 12-byte random nonce, output
 * base64(nonce ‖ ciphertext ‖ tag). Pure JS (@noble), so it also works in browsers over plain
 * HTTP where WebCrypto is unavailable. This hides the password from casual logs and proxies; it is
 * no substitute for HTTPS.
 */
const NONCE_LENGTH = 12;
const TAG_LENGTH = 16;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function keyOf(uuid: string): Uint8Array {
  return sha256(encoder.encode(uuid));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new Error('password cipher is not base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function encryptPassword(plain: string, uuid: string): string {
  const nonce = randomBytes(NONCE_LENGTH);
  const sealed = gcm(keyOf(uuid), nonce).encrypt(encoder.encode(plain));
  const out = new Uint8Array(nonce.length + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, nonce.length);
  return toBase64(out);
}

/** Throws when the cipher is malformed, was made with another uuid, or was tampered with. */
export function decryptPassword(cipher: string, uuid: string): string {
  const bytes = fromBase64(cipher);
  if (bytes.length < NONCE_LENGTH + TAG_LENGTH) throw new Error('password cipher is too short');
  const nonce = bytes.subarray(0, NONCE_LENGTH);
  const plain = gcm(keyOf(uuid), nonce).decrypt(bytes.subarray(NONCE_LENGTH));
  return decoder.decode(plain);
}
