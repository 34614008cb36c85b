import "server-only";
// Tokens at rest: AES-256-GCM with a key derived (HKDF-SHA256) from AUTH_SECRET. A stored value is
// `v1.<iv>.<tag>.<ciphertext>` in base64url; the session key is bound as associated data, so a
// ciphertext copied to another session's row does not decrypt.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

export function deriveTokenKey(authSecret: string): Buffer {
  if (!authSecret || authSecret.length < 16) {
    throw new Error("AUTH_SECRET must be set (at least 16 characters) to encrypt the token store");
  }
  return Buffer.from(hkdfSync("sha256", authSecret, "backyard-token-store", "aes-256-gcm v1", 32));
}

export function encryptToken(key: Buffer, plain: string, sessionId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(sessionId, "utf8"));
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ct.toString("base64url")].join(".");
}

export function decryptToken(key: Buffer, stored: string, sessionId: string): string {
  const [version, iv, tag, ct] = stored.split(".");
  if (version !== VERSION || !iv || !tag || ct === undefined) throw new Error("token ciphertext has an unknown format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(sessionId, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}
