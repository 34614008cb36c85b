"use client";
import { LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { beginSignOut } from "@/components/query/providers";
import { Button } from "@/components/ui/button";
import { signOutAction } from "@/lib/auth/actions";

// A form posting to a server action: works before hydration and without JavaScript. Once it is
// sent, calls still running on the page that find the session gone no longer redirect to the
// expired-session sign-in (the sign-out's own redirect wins).
export function SignOutButton() {
  const t = useTranslations("account");
  return (
    <form action={signOutAction} onSubmit={beginSignOut}>
      <Button type="submit" variant="ghost" size="sm">
        <LogOut aria-hidden="true" />
        {t("signOut")}
      </Button>
    </form>
  );
}
