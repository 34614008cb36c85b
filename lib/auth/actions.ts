"use server";
// Sign-out: next-auth's signOut event deletes the stored tokens (lib/auth/config.ts).
import { signOut } from "./config";

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login?reason=signed-out" });
}
