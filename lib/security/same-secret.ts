// Compares two secrets in constant time (no early exit on the first differing byte).
import { timingSafeEqual } from "node:crypto";

export function sameSecret(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
