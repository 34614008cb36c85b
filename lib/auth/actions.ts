"use server";
// Sign-out: next-auth's signOut event deletes the stored tokens (lib/auth/config.ts).
import { signOut } from "./config";

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login?reason=signed-out" });
}

/** The page's timer saw the sign-in end (idle, or its lifetime): the same sign-out, saying why. */
export async function endSessionAction(reason: "idle" | "expired"): Promise<void> {
  await signOut({ redirectTo: `/login?reason=${reason === "idle" ? "idle" : "expired"}` });
}
