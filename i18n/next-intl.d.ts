// Types every translation key against the Japanese catalogue (the reference language).
import type messages from "@/messages/ja.json";
import type { AppLocale } from "./config";

declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof messages;
  }
}
