import { LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { signOutAction } from "@/lib/auth/actions";

// A plain form posting to a server action: works before hydration and without JavaScript.
export function SignOutButton() {
  const t = useTranslations("account");
  return (
    <form action={signOutAction}>
      <Button type="submit" variant="ghost" size="sm">
        <LogOut aria-hidden="true" />
        {t("signOut")}
      </Button>
    </form>
  );
}
