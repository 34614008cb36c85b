"use server";
// Sign-out: next-auth's signOut event deletes the stored tokens (lib/auth/config.ts).
import { signOut } from "./config";
import { safeReturnPath } from "./return-to";

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login?reason=signed-out" });
}

/**
 * The page's timer saw the sign-in end (idle, or its lifetime): the same sign-out, saying why, and
 * coming back to the page the person was on (`from`, checked: a path of this site only).
 */
export async function endSessionAction(reason: "idle" | "expired", from?: string): Promise<void> {
  const back = safeReturnPath(typeof from === "string" ? from : null);
  await signOut({ redirectTo: `/login?reason=${reason === "idle" ? "idle" : "expired"}&from=${encodeURIComponent(back)}` });
}
