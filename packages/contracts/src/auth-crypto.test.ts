import { gcm } from '@noble/ciphers/aes.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { decryptPassword, encryptPassword } from './auth-crypto.js';

const UUID = 'abcdefghijklmnopqrstuvwxyzABCDEF';

describe('login password encryption', () => {
  it('round-trips, with a fresh nonce each time', () => {
    const a = encryptPassword('pässwörd 密码', UUID);
    const b = encryptPassword('pässwörd 密码', UUID);
    expect(a).not.toBe(b);
    expect(decryptPassword(a, UUID)).toBe('pässwörd 密码');
  });

  it('has the documented layout: base64(nonce 12 ‖ ciphertext ‖ tag 16), key = SHA-256(uuid)', () => {
    const bytes = Buffer.from(encryptPassword('secret', UUID), 'base64');
    expect(bytes.length).toBe(12 + 6 + 16);
    const key = sha256(new TextEncoder().encode(UUID));
    const plain = gcm(key, bytes.subarray(0, 12)).decrypt(bytes.subarray(12));
    expect(new TextDecoder().decode(plain)).toBe('secret');
  });

  it('refuses another uuid, tampering and garbage', () => {
    const cipher = encryptPassword('secret', UUID);
    expect(() => decryptPassword(cipher, 'B'.repeat(32))).toThrow();
    const bytes = Buffer.from(cipher, 'base64');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    expect(() => decryptPassword(bytes.toString('base64'), UUID)).toThrow();
    expect(() => decryptPassword('not base64!', UUID)).toThrow();
    expect(() => decryptPassword('', UUID)).toThrow();
  });
});
