// A key of a plain message of the catalogue ("orders.quick.status"), checked against ja.json (the
// reference language, i18n/next-intl.d.ts), for data that names its texts instead of holding them.
import type { MessageKeys, Messages, NestedKeyOf } from "next-intl";

export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;
